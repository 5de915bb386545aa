import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addDays, todayInTimeZone } from '@common/dates';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCalendarDate } from '@/lib/format';
import type { InsightDialogProps } from './use-insight-patch';

const PRESETS = [7, 30, 90];

/** Hide an opportunity until a date: 7, 30 or 90 days, or a date picked. */
export function SnoozeDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const today = todayInTimeZone(new Date());
  const tomorrow = addDays(today, 1);
  const schema = z.object({ date: z.string().refine((date) => date >= tomorrow, 'Pick a date after today') });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { date: '' },
  });
  const snooze = (until: string) =>
    patch.run({ snoozedUntil: until }, `Snoozed until ${formatCalendarDate(until)}`, () =>
      onOpenChange(false),
    );

  return (
    <FormDialog
      className="max-w-md"
      open={open}
      onOpenChange={onOpenChange}
      title="Snooze this opportunity"
      description={<>“{insight.title}” is hidden until the date you choose, then comes back.</>}
      submitLabel="Snooze"
      pending={patch.pending}
      before={
        <div className="flex flex-wrap gap-2" role="group" aria-label="Snooze for">
          {PRESETS.map((days) => (
            <Button
              key={days}
              variant="outline"
              disabled={patch.pending}
              onClick={() => snooze(addDays(today, days))}
            >
              {days} days
            </Button>
          ))}
        </div>
      }
      onSubmit={form.handleSubmit(({ date }) => snooze(date))}
    >
      <FormField label="Or until" error={form.formState.errors.date?.message}>
        <Input type="date" min={tomorrow} {...form.register('date')} />
      </FormField>
    </FormDialog>
  );
}
