import { useState } from 'react';
import { DISMISS_REASON_LABELS, DISMISS_REASONS, type DismissReason, type Insight } from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import type { InsightPatch } from './use-insight-patch';

/** Dismiss with a reason (radio), and a note that "Other" requires. */
export function DismissDialog({
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
  const [reason, setReason] = useState<DismissReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ reason?: string; note?: string }>({});

  const submit = () => {
    if (!reason) return setError({ reason: 'Choose a reason' });
    if (reason === 'other' && !note.trim()) return setError({ note: 'Add a note for "Other"' });
    setError({});
    patch.run(
      { state: 'dismissed', dismissReason: reason, ...(note.trim() ? { dismissNote: note.trim() } : {}) },
      'Opportunity dismissed',
      () => onOpenChange(false),
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Dismiss this opportunity?</DialogTitle>
          <DialogDescription>
            “{insight.title}” leaves the list. It comes back only if its saving grows by more than half.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset className="grid gap-2" aria-describedby={error.reason ? 'dismiss-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Why?</legend>
            {DISMISS_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="dismissReason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-primary"
                />
                {DISMISS_REASON_LABELS[value]}
              </label>
            ))}
            {error.reason && (
              <p id="dismiss-reason-error" role="alert" className="text-xs font-medium text-destructive">
                {error.reason}
              </p>
            )}
          </fieldset>
          <FormField label={reason === 'other' ? 'Note' : 'Note (optional)'} error={error.note}>
            <Textarea
              value={note}
              maxLength={2000}
              onChange={(e) => setNote(e.target.value)}
              placeholder="What others should know"
              className="min-h-20"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={patch.pending}>
              Dismiss
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
