import { useState } from 'react';
import type { Insight } from '@common/contracts/insights';
import { addDays, todayInTimeZone } from '@common/dates';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCalendarDate } from '@/lib/format';
import type { InsightPatch } from './use-insight-patch';

const PRESETS = [7, 30, 90];

/** Hide an opportunity until a date: 7, 30 or 90 days, or a date picked. */
export function SnoozeDialog({
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
  const today = todayInTimeZone(new Date());
  const tomorrow = addDays(today, 1);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string>();
  const snooze = (until: string) =>
    patch.run({ snoozedUntil: until }, `Snoozed until ${formatCalendarDate(until)}`, () => onOpenChange(false));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Snooze this opportunity</DialogTitle>
          <DialogDescription>“{insight.title}” is hidden until the date you choose, then comes back.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Snooze for">
            {PRESETS.map((days) => (
              <Button key={days} variant="outline" disabled={patch.pending} onClick={() => snooze(addDays(today, days))}>
                {days} days
              </Button>
            ))}
          </div>
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!date || date < tomorrow) return setError('Pick a date after today');
              setError(undefined);
              snooze(date);
            }}
          >
            <FormField label="Or until" error={error}>
              <Input type="date" min={tomorrow} value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={patch.pending}>
                Snooze
              </Button>
            </DialogFooter>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
