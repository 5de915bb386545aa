import { formatMoney } from '@common/money';
import type { SubscriptionList } from '@common/contracts/subscriptions';
import { UnconvertedNote } from '@/components/fx/lazy-unconverted-note';
import { formatNumber } from '@/lib/format';

/**
 * Count and spend of the whole filtered set (not just this page), from the API: other currencies
 * converted at today's rates, and what has no rate shown apart.
 */
export function SubscriptionsTotals({ totals }: { totals: SubscriptionList['totals'] }) {
  const { monthly, annual } = totals.converted;
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Totals">
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Applications</dt>
        <dd className="font-semibold tabular-nums">{formatNumber(totals.count)}</dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Monthly</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(monthly.amountMinor, monthly.currency)}</dd>
      </div>
      <div className="flex gap-1.5">
        <dt className="text-muted-foreground">Annual</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(annual.amountMinor, annual.currency)}</dd>
      </div>
      {totals.byCurrency.some((c) => c.currency !== monthly.currency) && (
        <div className="text-xs text-muted-foreground">Other currencies at today’s rates</div>
      )}
      <UnconvertedNote total={monthly} />
    </dl>
  );
}
