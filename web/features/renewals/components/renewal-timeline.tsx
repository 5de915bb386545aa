import { addMonths, startOfMonth } from '@common/dates';
import type { RenewalItem } from '@common/contracts/renewals';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoneyMinor } from '@/lib/format';

interface Entry {
  kind: 'renewal' | 'cancel-by';
  date: string;
  item: RenewalItem;
}

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const URGENCY_DOT: Record<RenewalItem['urgency'], string> = {
  overdue: 'bg-destructive',
  high: 'bg-destructive',
  medium: 'bg-warning',
  low: 'bg-primary',
};

/** Twelve months from the current one: each renewal on its date and each cancel-by date before it. */
export function RenewalTimeline({ items, today }: { items: RenewalItem[]; today: string }) {
  const first = startOfMonth(today);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  const end = addMonths(first, 12);
  const entries: Entry[] = items.flatMap((item) => [
    { kind: 'renewal' as const, date: item.renewalDate, item },
    ...(item.cancelByDate !== item.renewalDate
      ? [{ kind: 'cancel-by' as const, date: item.cancelByDate, item }]
      : []),
  ]);
  // Overdue renewals sit in the current month so they are not lost before it.
  const monthOf = (date: string) => (date < first ? first : startOfMonth(date));

  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="12-month renewal timeline">
      {months.map((month) => {
        const inMonth = entries
          .filter((e) => e.date < end && monthOf(e.date) === month)
          .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
        const renewing = inMonth.filter((e) => e.kind === 'renewal');
        const byCurrency = new Map<string, number>();
        for (const e of renewing)
          byCurrency.set(e.item.currency, (byCurrency.get(e.item.currency) ?? 0) + e.item.annualCostMinor);
        return (
          <Card key={month} className="p-4" data-testid={`month-${month.slice(0, 7)}`}>
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold">
                {monthFormatter.format(new Date(`${month}T00:00:00Z`))}
              </h3>
              <span className="text-xs text-muted-foreground tabular-nums">
                {[...byCurrency]
                  .map(([currency, minor]) => formatMoneyMinor(minor, currency, { compact: true }))
                  .join(' + ') || '—'}
              </span>
            </div>
            {inMonth.length === 0 ? (
              <p className="mt-3 text-xs text-muted-foreground">No renewals</p>
            ) : (
              <ul className="mt-3 grid gap-1.5">
                {inMonth.map((e) => (
                  <li key={`${e.kind}-${e.item.subscriptionId}`} className="flex items-center gap-2 text-sm">
                    <span className="w-7 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                      {e.date < first ? '!' : Number(e.date.slice(8))}
                    </span>
                    {e.kind === 'renewal' ? (
                      <span
                        className={cn('size-2 shrink-0 rounded-full', URGENCY_DOT[e.item.urgency])}
                        aria-hidden
                      />
                    ) : (
                      <span className="size-2 shrink-0 rounded-full border border-warning" aria-hidden />
                    )}
                    <span className={cn('truncate', e.kind === 'cancel-by' && 'text-muted-foreground')}>
                      {e.kind === 'cancel-by' ? `Cancel by: ${e.item.name}` : e.item.name}
                    </span>
                    {e.kind === 'renewal' && (
                      <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">
                        {formatMoneyMinor(e.item.annualCostMinor, e.item.currency, { compact: true })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </div>
  );
}
