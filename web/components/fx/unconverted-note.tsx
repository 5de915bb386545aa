import { Link } from 'react-router';
import type { ConvertedTotal } from '@common/contracts/fx-rates';
import { formatMoney } from '@common/money';

export const CURRENCIES_SETTINGS_PATH = '/app/settings/currencies';

/** "No rate for EUR 1,234.00 — add rates": what a converted total had to leave out, never guessed. */
export function UnconvertedNote({ total }: { total: ConvertedTotal }) {
  if (total.unconverted.length === 0) return null;
  return (
    <span className="text-xs text-amber-700 dark:text-amber-400">
      No rate for {total.unconverted.map((u) => formatMoney(u.amountMinor, u.currency)).join(', ')} —{' '}
      <Link to={CURRENCIES_SETTINGS_PATH} className="underline underline-offset-2">
        add rates
      </Link>
    </span>
  );
}
