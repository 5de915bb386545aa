// The ledger's filtered sum in the organization's currency, converted at each charge's date like the
// expense_month_totals rollup analytics reads: a drill-down's total can be checked against its figure.
// Only charges in other currencies are converted, grouped per currency and day (one fx_rate() each).
import { and, ne, sql } from 'drizzle-orm';
import type { ExpenseListFilter } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { filterConditions, filteredAmount } from './expenses.repo';

type CurrencyTotal = { currency: string; amountMinor: number; count: number };

export async function convertedExpenseTotal(
  db: DbOrTx,
  orgId: string,
  filter: Partial<ExpenseListFilter>,
  currency: string,
  totals: CurrencyTotal[],
) {
  const own = totals.find((t) => t.currency === currency)?.amountMinor ?? 0;
  if (totals.every((t) => t.currency === currency)) return { currency, amountMinor: own, unconverted: [] };
  const where = and(filterConditions(orgId, filter), ne(expenses.currency, currency));
  const result = await db.execute(sql`
    with day as (
      select ${expenses.currency} as currency, ${expenses.date} as date,
        sum(${filteredAmount(orgId, filter)})::numeric as amount, count(*) as n
      from ${expenses} where ${where} group by 1, 2
    ),
    rated as (
      select d.*, fx_rate(${orgId}::uuid, d.currency, ${currency}, d.date)
        * power(10::numeric, currency_exponent(${currency}) - currency_exponent(d.currency)) as factor
      from day d
    )
    select currency,
      coalesce(round(sum(amount * factor)), 0)::text as converted,
      coalesce(sum(amount) filter (where factor is null), 0)::text as unconverted,
      coalesce(sum(n) filter (where factor is null), 0)::int as unconverted_count
    from rated group by currency order by currency`);
  const rows = result.rows as Array<{
    currency: string;
    converted: string;
    unconverted: string;
    unconverted_count: number;
  }>;
  return {
    currency,
    amountMinor: rows.reduce((sum, r) => sum + Number(r.converted), own),
    unconverted: rows
      .filter((r) => Number(r.unconverted_count) > 0)
      .map((r) => ({
        currency: r.currency,
        amountMinor: Number(r.unconverted),
        count: Number(r.unconverted_count),
      })),
  };
}
