import { RENEWAL_WINDOWS, type RenewalList, type RenewalWindow } from '@common/contracts/renewals';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoneyMinor } from '@/lib/format';
import { pluralWord } from '@common/wording';

interface RenewalTotalsProps {
  totals: RenewalList['totals'] | undefined;
  window: RenewalWindow;
  onSelect: (window: RenewalWindow) => void;
}

/**
 * For the next 30, 60, 90 and 365 days: what renewals charge in those days (every charge at its
 * per-cycle amount, converted to the organization's currency at today's rate — the executive
 * summary's figure), how many applications renew, and their yearly value. A tile picks the window.
 */
export function RenewalTotals({ totals, window, onSelect }: RenewalTotalsProps) {
  return (
    <section aria-label="Spend renewing" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {RENEWAL_WINDOWS.map((days) => {
        const total = totals?.find((t) => t.window === days);
        const amounts = total?.amounts ?? [];
        const unconverted = amounts.filter((a) => total?.unconverted.includes(a.currency));
        const selected = days === window;
        return (
          <Card
            key={days}
            className={cn('p-0 transition-colors', selected && 'border-primary ring-1 ring-primary')}
          >
            <button
              type="button"
              onClick={() => onSelect(days)}
              aria-pressed={selected}
              className="grid w-full gap-1 rounded-xl p-4 text-left focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="text-sm font-medium text-muted-foreground">Next {days} days</span>
              <span
                className="truncate text-xl font-semibold tracking-tight tabular-nums"
                data-testid={`renewing-${days}`}
              >
                {formatMoneyMinor(total?.dueMinor ?? 0, total?.currency)}
              </span>
              <span className="text-xs text-muted-foreground">
                due · {total?.count ?? 0} {pluralWord(total?.count ?? 0, 'renewal')}
                {amounts.length > 0 &&
                  `, ${formatMoneyMinor(total?.annualCostMinor ?? 0, total?.currency, { compact: true })} a year`}
              </span>
              {unconverted.length > 0 && (
                <span className="text-xs text-warning">
                  {unconverted.map((a) => formatMoneyMinor(a.dueMinor, a.currency)).join(' + ')} not included:
                  no exchange rate
                </span>
              )}
            </button>
          </Card>
        );
      })}
    </section>
  );
}
