import type { MoneyTotal } from '@common/contracts/people';
import { formatMoneyMinor } from '@/lib/format';

/** Totals in one or more currencies: "$1,200.00" or "$1,200.00 + €300.00"; an em dash when none. */
export function formatTotals(totals: MoneyTotal[]): string {
  if (totals.length === 0) return '—';
  return totals.map((t) => formatMoneyMinor(t.amountMinor, t.currency)).join(' + ');
}

export function MoneyTotals({ totals, suffix }: { totals: MoneyTotal[]; suffix?: string }) {
  return (
    <span className="tabular-nums">
      {formatTotals(totals)}
      {suffix && totals.length > 0 ? suffix : ''}
    </span>
  );
}
