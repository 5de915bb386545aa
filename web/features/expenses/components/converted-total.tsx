import type { ExpenseTotals } from '@common/contracts/expenses';
import { UnconvertedNote } from '@/components/fx/lazy-unconverted-note';
import { formatMoneyMinor } from '@/lib/format';

/**
 * The filtered sum in the organization's currency (each charge at its date, as analytics counts it),
 * shown when the charges are in other currencies too; what has no rate is named, not guessed.
 */
export function ConvertedTotal({ totals }: { totals: ExpenseTotals }) {
  const converted = totals.converted;
  if (!converted || totals.totals.every((t) => t.currency === converted.currency)) return null;
  return (
    <span className="flex flex-wrap items-center gap-2 font-normal" data-testid="ledger-converted-total">
      <span>
        ={' '}
        <strong className="font-semibold">
          {formatMoneyMinor(converted.amountMinor, converted.currency)}
        </strong>{' '}
        in {converted.currency}
      </span>
      <UnconvertedNote total={converted} />
    </span>
  );
}
