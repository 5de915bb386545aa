import { formatMoney } from '@common/money';
import type { SubscriptionList } from '@common/contracts/subscriptions';
import { formatNumber } from '@/lib/format';

/** Count and spend of the whole filtered set (not just this page), from the API. */
export function SubscriptionsTotals({ totals }: { totals: SubscriptionList['totals'] }) {
  const others = totals.byCurrency.filter((c) => c.currency !== totals.currency);
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Totals">
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Applications</dt>
        <dd className="font-semibold tabular-nums">{formatNumber(totals.count)}</dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Monthly</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(totals.monthlyMinor, totals.currency)}</dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Annual</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(totals.annualMinor, totals.currency)}</dd>
      </div>
      {others.length > 0 && (
        <div className="text-xs text-muted-foreground">
          + {others.map((c) => `${formatMoney(c.monthlyMinor, c.currency)}/mo`).join(', ')} in other
          currencies
        </div>
      )}
    </dl>
  );
}
