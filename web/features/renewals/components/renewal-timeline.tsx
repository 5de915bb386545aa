import { useState } from 'react';
import type { BillingCycle } from '@common/billing';
import { chargeDates } from '@common/charge-schedule';
import { addDays, addMonths, startOfMonth } from '@common/dates';
import type { RenewalItem } from '@common/contracts/renewals';
import { isContractRenewal } from '@common/renewal-window';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoneyMinor } from '@/lib/format';

type View = 'cash' | 'decisions';

interface Entry {
  kind: 'charge' | 'cancel-by';
  date: string;
  amountMinor: number;
  item: RenewalItem;
}

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const URGENCY_DOT: Record<RenewalItem['urgency'], string> = {
  overdue: 'bg-destructive',
  high: 'bg-destructive',
  medium: 'bg-warning',
  low: 'bg-primary',
};

const VIEWS: Record<View, { label: string; caption: string }> = {
  cash: {
    label: 'Every charge',
    caption:
      'Cash out: every charge in the next 12 months at what one cycle costs, monthly tools each month.',
  },
  decisions: {
    label: 'Annual renewals',
    caption:
      'Renewal decisions: annual and multi-year renewals only, at their yearly value, with cancel-by dates.',
  },
};

/** The entries of one view between `first` and `end` (exclusive); overdue renewals count in `first`'s month. */
function entriesFor(view: View, items: RenewalItem[], first: string, end: string): Entry[] {
  return items.flatMap((item): Entry[] => {
    const cancelBy: Entry[] =
      item.cancelByDate !== item.renewalDate
        ? [{ kind: 'cancel-by', date: item.cancelByDate, amountMinor: 0, item }]
        : [];
    if (view === 'decisions') {
      if (!isContractRenewal(item.billingCycle)) return [];
      return [
        { kind: 'charge', date: item.renewalDate, amountMinor: item.annualCostMinor, item },
        ...cancelBy,
      ];
    }
    const plan = {
      cycle: item.billingCycle as BillingCycle,
      intervalMonths: item.intervalMonths,
      anchorDate: item.renewalDate,
      startDate: item.startDate,
    };
    const from = item.renewalDate < first ? item.renewalDate : first;
    const charges = chargeDates(plan, from, addDays(end, -1)).filter((d) => d >= item.renewalDate);
    return [
      ...charges.map((date): Entry => ({ kind: 'charge', date, amountMinor: item.costPerCycleMinor, item })),
      ...cancelBy,
    ];
  });
}

/** Twelve months from the current one, as cash out (every charge) or as annual renewal decisions. */
export function RenewalTimeline({ items, today }: { items: RenewalItem[]; today: string }) {
  const [view, setView] = useState<View>('cash');
  const first = startOfMonth(today);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  const end = addMonths(first, 12);
  const entries = entriesFor(view, items, first, end);
  // Overdue renewals sit in the current month so they are not lost before it.
  const monthOf = (date: string) => (date < first ? first : startOfMonth(date));

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Timeline view" className="inline-flex gap-1 rounded-lg bg-muted p-1">
          {(Object.keys(VIEWS) as View[]).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? 'default' : 'ghost'}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {VIEWS[v].label}
            </Button>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{VIEWS[view].caption}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="12-month renewal timeline">
        {months.map((month) => {
          const inMonth = entries
            .filter((e) => e.date < end && monthOf(e.date) === month)
            .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
          const charges = inMonth.filter((e) => e.kind === 'charge');
          const byCurrency = new Map<string, number>();
          for (const e of charges)
            byCurrency.set(e.item.currency, (byCurrency.get(e.item.currency) ?? 0) + e.amountMinor);
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
                <p className="mt-3 text-xs text-muted-foreground">
                  {view === 'cash' ? 'No charges' : 'No annual renewals'}
                </p>
              ) : (
                <ul className="mt-3 grid gap-1.5">
                  {inMonth.map((e) => (
                    <li
                      key={`${e.kind}-${e.item.subscriptionId}-${e.date}`}
                      className="flex items-center gap-2 text-sm"
                    >
                      <span className="w-7 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                        {e.date < first ? '!' : Number(e.date.slice(8))}
                      </span>
                      {e.kind === 'charge' ? (
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
                      {e.kind === 'charge' && (
                        <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">
                          {formatMoneyMinor(e.amountMinor, e.item.currency, { compact: true })}
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
    </div>
  );
}
