import { useState } from 'react';
import { toDecimalString, toMinor } from '@common/money';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { InsightDialogForm } from './insight-dialog-form';
import type { InsightDialogProps } from './use-insight-patch';

/** The typed amount in minor units, or null when it is not one. */
function readAmount(text: string, currency: string): number | null {
  try {
    return text.trim() ? toMinor(text, currency) : null;
  } catch {
    return null;
  }
}

/** Mark an opportunity realized by hand: the yearly amount actually saved. */
export function RealizeDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const [amount, setAmount] = useState(
    insight.savingMinor === null ? '' : toDecimalString(insight.savingMinor, insight.currency),
  );
  const [error, setError] = useState<string>();

  return (
    <InsightDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Mark as realized"
      description={<>How much does “{insight.title}” save per year? It counts in the savings ledger.</>}
      submitLabel="Mark realized"
      pending={patch.pending}
      onSubmit={() => {
        const minor = readAmount(amount, insight.currency);
        if (minor === null || minor < 0) return setError('Enter the amount saved per year');
        setError(undefined);
        patch.run({ state: 'realized', realizedMinor: minor }, 'Marked as realized', () =>
          onOpenChange(false),
        );
      }}
    >
      <FormField label={`Saved per year (${insight.currency})`} error={error}>
        <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </FormField>
    </InsightDialogForm>
  );
}
