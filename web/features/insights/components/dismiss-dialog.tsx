import { useState } from 'react';
import { DISMISS_REASON_LABELS, DISMISS_REASONS, type DismissReason } from '@common/contracts/insights';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { InsightDialogForm } from './insight-dialog-form';
import type { InsightDialogProps } from './use-insight-patch';

/** Dismiss with a reason (radio), and a note that "Other" requires. */
export function DismissDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
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
    <InsightDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Dismiss this opportunity?"
      description={
        <>“{insight.title}” leaves the list. It comes back only if its saving grows by more than half.</>
      }
      submitLabel="Dismiss"
      destructive
      pending={patch.pending}
      onSubmit={submit}
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
    </InsightDialogForm>
  );
}
