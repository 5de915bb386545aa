import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DISMISS_REASON_LABELS, DISMISS_REASONS } from '@common/contracts/insights';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import type { InsightDialogProps } from './use-insight-patch';

const dismissal = z
  .object({ dismissReason: z.enum(DISMISS_REASONS, { error: 'Choose a reason' }), note: z.string() })
  .superRefine((value, ctx) => {
    if (value.dismissReason === 'other' && !value.note.trim()) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Add a note for "Other"' });
    }
  });

/** Dismiss with a reason (radio), and a note that "Other" requires. */
export function DismissDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const form = useForm<z.input<typeof dismissal>, unknown, z.output<typeof dismissal>>({
    resolver: zodResolver(dismissal),
    defaultValues: { note: '' },
  });
  const reason = form.watch('dismissReason');
  const error = {
    reason: form.formState.errors.dismissReason?.message,
    note: form.formState.errors.note?.message,
  };

  const submit = form.handleSubmit((values) =>
    patch.run(
      {
        state: 'dismissed',
        dismissReason: values.dismissReason,
        ...(values.note.trim() ? { dismissNote: values.note.trim() } : {}),
      },
      'Opportunity dismissed',
      () => onOpenChange(false),
    ),
  );

  return (
    <FormDialog
      className="max-w-md"
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
              value={value}
              {...form.register('dismissReason')}
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
          maxLength={2000}
          {...form.register('note')}
          placeholder="What others should know"
          className="min-h-20"
        />
      </FormField>
    </FormDialog>
  );
}
