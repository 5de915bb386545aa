import { useState } from 'react';
import type { PeopleImportResult } from '@common/contracts/people-import';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useConfirmOffboardCandidates } from '../api/confirm-offboard-candidates';
import { formatTotals } from '@/components/money-totals';
import { plural } from '@common/wording';

/** What the import did, and the people it did not list — to offboard once the user confirms. */
export function ImportDoneStep({ result, onClose }: { result: PeopleImportResult; onClose: () => void }) {
  const candidates = result.offboardCandidates;
  const [chosen, setChosen] = useState(() => new Set(candidates.map((c) => c.id)));
  const confirm = useConfirmOffboardCandidates();

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const offboard = () =>
    confirm.mutateAsync([...chosen]).then(
      (done) => {
        toast({
          variant: 'success',
          title: `${done.offboarded} offboarded`,
          description: `${plural(done.unassigned, 'license')} unassigned.`,
        });
        onClose();
      },
      (error) => toastError('Could not offboard', error),
    );

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {result.created} added, {result.updated} updated, {result.unchanged} unchanged
        {result.skippedExisting > 0 ? `, ${result.skippedExisting} already in Stackwise skipped` : ''}
        {result.skipped > 0 ? `, ${result.skipped} rows skipped` : ''}.
      </p>
      {candidates.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Not in the file — offboard them?</p>
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border p-2">
            {candidates.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                  <span className="font-medium">{c.name}</span>
                  <span className="text-muted-foreground">{c.email}</span>
                  {c.openAssignments > 0 && (
                    <span className="ml-auto text-xs text-muted-foreground">
                      {plural(c.openAssignments, 'license')} · {formatTotals(c.yearlyCosts)} a year
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {candidates.length > 0 ? 'Keep everyone' : 'Done'}
        </Button>
        {candidates.length > 0 && (
          <Button variant="destructive" disabled={chosen.size === 0 || confirm.isPending} onClick={offboard}>
            Offboard {chosen.size}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
