import { useEffect, useState } from 'react';
import { usageDetails } from '@common/contracts/entities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { namedOptions, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';

type Use = { kind: string; count: number };

const USE_LABELS: Record<string, [string, string]> = {
  subscription: ['application', 'applications'],
  contract: ['contract', 'contracts'],
  license_pool: ['license pool', 'license pools'],
  expense: ['expense', 'expenses'],
  budget: ['budget', 'budgets'],
  person: ['person', 'people'],
  brand: ['brand', 'brands'],
  entity: ['child entity', 'child entities'],
  department: ['department mapping', 'department mappings'],
};

/** "3 applications", "1 person"; a kind this screen does not know reads as the server names it. */
export function describeUse({ kind, count }: Use): string {
  const [one, many] = USE_LABELS[kind] ?? [kind.replaceAll('_', ' '), kind.replaceAll('_', ' ')];
  return `${count} ${count === 1 ? one : many}`;
}

/** What still uses it, when the server refused the delete with 409 `in_use`. */
function usesOf(error: unknown): Use[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.data?.code !== 'in_use') return null;
  const parsed = usageDetails.safeParse(error.data.details);
  return parsed.success ? parsed.data.uses : [];
}

interface Props {
  /** "entity" or "brand", for the wording. */
  noun: string;
  /** The one to delete; null closes the dialog. */
  target: { id: string; name: string } | null;
  /** Where its uses may move: the others still active. */
  alternatives: Array<{ id: string; name: string }>;
  onClose: () => void;
  onDelete: (input: { id: string; reassignTo?: string }) => Promise<unknown>;
}

/**
 * Delete an entity or brand: first asked plainly; if the server answers that it is in use, the
 * uses are listed and everything can be moved to another one (DELETE ?reassignTo=) instead.
 */
export function DeleteInUseDialog({ noun, target, alternatives, onClose, onDelete }: Props) {
  const [uses, setUses] = useState<Use[] | null>(null);
  const [reassignTo, setReassignTo] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    setUses(null);
    setReassignTo('');
  }, [target]);

  const run = async (to?: string) => {
    if (!target) return;
    setPending(true);
    try {
      await onDelete({ id: target.id, reassignTo: to });
      toast({ variant: 'success', title: `${target.name} deleted` });
      onClose();
    } catch (error) {
      const found = usesOf(error);
      if (found && !to) setUses(found);
      else toast({ variant: 'destructive', title: 'Could not delete', description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{uses ? `${target?.name} is in use` : `Delete this ${noun}?`}</DialogTitle>
          <DialogDescription>
            {uses
              ? `It cannot be deleted while something points at it. Move everything to another ${noun} and delete it.`
              : `Delete “${target?.name}”? This cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        {uses && (
          <div className="grid gap-4">
            {uses.length > 0 && (
              <ul className="list-disc pl-5 text-sm" aria-label="Still used by">
                {uses.map((use) => (
                  <li key={use.kind}>{describeUse(use)}</li>
                ))}
              </ul>
            )}
            <FormField label="Move everything to…">
              <OptionsSelect
                value={reassignTo}
                onChange={(e) => setReassignTo(e.target.value)}
                emptyLabel="Choose…"
                options={namedOptions(alternatives)}
              />
            </FormField>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {uses ? (
            <Button variant="destructive" disabled={pending || !reassignTo} onClick={() => run(reassignTo)}>
              Move and delete
            </Button>
          ) : (
            <Button variant="destructive" disabled={pending} onClick={() => run()}>
              Delete
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
