import { useState } from 'react';
import type { Insight } from '@common/contracts/insights';
import { toDecimalString, toMinor } from '@common/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { InsightPatch } from './use-insight-patch';

/** The typed amount in minor units, or null when it is not one. */
function readAmount(text: string, currency: string): number | null {
  try {
    return text.trim() ? toMinor(text, currency) : null;
  } catch {
    return null;
  }
}

/** Mark an opportunity realized by hand: the yearly amount actually saved. */
export function RealizeDialog({
  insight,
  open,
  onOpenChange,
  patch,
}: {
  insight: Insight;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patch: InsightPatch;
}) {
  const [amount, setAmount] = useState(
    insight.savingMinor === null ? '' : toDecimalString(insight.savingMinor, insight.currency),
  );
  const [error, setError] = useState<string>();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Mark as realized</DialogTitle>
          <DialogDescription>
            How much does “{insight.title}” save per year? It counts in the savings ledger.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const minor = readAmount(amount, insight.currency);
            if (minor === null || minor < 0) return setError('Enter the amount saved per year');
            setError(undefined);
            patch.run({ state: 'realized', realizedMinor: minor }, 'Marked as realized', () => onOpenChange(false));
          }}
        >
          <FormField label={`Saved per year (${insight.currency})`} error={error}>
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={patch.pending}>
              Mark realized
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
