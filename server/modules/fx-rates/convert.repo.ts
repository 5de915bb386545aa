// Converting amounts between currencies with the organization's own rates (SQL fx_rate(), migration
// 0024): the same look-back and cross rates as the expense rollup, and a missing rate is reported as
// missing, never taken as 0 or 1.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ConvertedSpend, ConvertedTotal } from '../../../common/contracts/fx-rates';
import { sumMinor } from '../../../common/money';
import type { DbOrTx } from '../../db/client';

export interface Amount {
  currency: string;
  amountMinor: number;
  /** What the amount sums (applications, charges); 1 when left out. */
  count?: number;
}

/**
 * The amounts in `to` at the rates of `on`: each currency's sum converted once (exact decimal
 * arithmetic in SQL, rounded half away from zero like common/money's mulDivMinor), then added up.
 */
export async function convertAmounts(
  db: DbOrTx,
  orgId: string,
  amounts: readonly Amount[],
  to: string,
  on: string,
): Promise<ConvertedTotal> {
  const [total] = await convertAmountSets(db, orgId, [amounts], to, on);
  return total!;
}

/** convertAmounts of each set, in one SQL statement for all of them (one round trip). */
async function convertAmountSets(
  db: DbOrTx,
  orgId: string,
  sets: ReadonlyArray<readonly Amount[]>,
  to: string,
  on: string,
): Promise<ConvertedTotal[]> {
  const grouped = groupByCurrency(sets, to);
  const sums = grouped.flatMap(({ others }, k) =>
    others.map(([currency, entry]) => ({ k, currency, amount: String(sumMinor(entry.amounts)) })),
  );
  const converted = new Map<string, string | null>();
  if (sums.length > 0) {
    const result = await db.execute(sql`
      select s.k, s.currency, ${convertedMinor(orgId, sql`s.amount`, sql`s.currency`, to, on)} as converted
      from json_to_recordset(${JSON.stringify(sums)}::json) as s(k int, currency text, amount text)`);
    for (const row of result.rows as Array<{ k: number; currency: string; converted: string | null }>) {
      converted.set(`${row.k}|${row.currency}`, row.converted);
    }
  }
  return totalsOf(grouped, converted, to);
}

/** Each set's amounts summed per currency: its own currency's apart, the others (non-zero) in name order. */
function groupByCurrency(sets: ReadonlyArray<readonly Amount[]>, to: string) {
  return sets.map((amounts) => {
    const byCurrency = new Map<string, { amounts: number[]; count: number }>();
    for (const { currency, amountMinor, count = 1 } of amounts) {
      const entry = byCurrency.get(currency) ?? { amounts: [], count: 0 };
      entry.amounts.push(amountMinor);
      entry.count += count;
      byCurrency.set(currency, entry);
    }
    // Nothing to convert needs no rate (cancelled applications count but do not spend).
    const others = [...byCurrency]
      .filter(([currency, entry]) => currency !== to && sumMinor(entry.amounts) !== 0)
      .sort(([a], [b]) => a.localeCompare(b));
    return { own: byCurrency.get(to), others };
  });
}

/** The sets' totals from the converted sums, keyed `set index|currency` (null: no rate). */
function totalsOf(
  grouped: ReturnType<typeof groupByCurrency>,
  converted: ReadonlyMap<string, string | null>,
  to: string,
): ConvertedTotal[] {
  return grouped.map(({ own, others }, k) => {
    const parts = [own ? sumMinor(own.amounts) : 0];
    const unconverted: ConvertedTotal['unconverted'] = [];
    for (const [currency, entry] of others) {
      const value = converted.get(`${k}|${currency}`);
      if (value === null || value === undefined) {
        unconverted.push({ currency, amountMinor: sumMinor(entry.amounts), count: entry.count });
      } else {
        parts.push(Number(value));
      }
    }
    return { currency: to, amountMinor: sumMinor(parts), unconverted };
  });
}

/**
 * `amount` (minor units of `currency`) in `to` at the organization's rate of `on`, as text, null
 * without a rate: exact decimal arithmetic, rounded half away from zero like common/money's
 * mulDivMinor. Every conversion here is this expression, so a query may carry it for its own rows.
 */
export function convertedMinor(
  orgId: string,
  amount: SQL,
  currency: SQL | AnyColumn,
  to: string,
  on: string,
) {
  return sql<
    string | null
  >`round(${amount}::numeric * fx_rate(${orgId}::uuid, ${currency}, ${to}, ${on}::date)
        * power(10::numeric, currency_exponent(${to}) - currency_exponent(${currency})))::text`;
}

/** Spend per currency as the dashboard and the applications list read it. */
interface CurrencySpend {
  currency: string;
  count: number;
  monthlyMinor: number;
  annualMinor: number;
}

/**
 * Monthly and annual spend per currency (applications) in `to`, from rows whose query converted each
 * sum itself (`convertedMinor` in its select): what convertAmounts answers for each, without its
 * round trip.
 */
export function convertedSpendOf(
  rows: ReadonlyArray<CurrencySpend & { monthlyConverted: string | null; annualConverted: string | null }>,
  to: string,
): ConvertedSpend {
  const [monthly, annual] = groupByCurrency(
    [
      rows.map((s) => ({ currency: s.currency, amountMinor: s.monthlyMinor, count: s.count })),
      rows.map((s) => ({ currency: s.currency, amountMinor: s.annualMinor, count: s.count })),
    ],
    to,
  );
  const converted = new Map<string, string | null>();
  for (const row of rows) {
    converted.set(`0|${row.currency}`, row.monthlyConverted);
    converted.set(`1|${row.currency}`, row.annualConverted);
  }
  const [monthlyTotal, annualTotal] = totalsOf([monthly!, annual!], converted, to);
  return { monthly: monthlyTotal!, annual: annualTotal! };
}

/**
 * Each amount in `to` at the rates of `on`, one SQL statement for all (same arithmetic as
 * convertAmounts); null where the currency has no rate.
 */
export async function convertEach(
  db: DbOrTx,
  orgId: string,
  amounts: readonly Amount[],
  to: string,
  on: string,
): Promise<Array<number | null>> {
  const foreign = amounts
    .map((a, i) => ({ i, currency: a.currency, amount: String(a.amountMinor) }))
    .filter((a) => a.currency !== to && a.amount !== '0');
  const converted = new Map<number, number | null>();
  if (foreign.length > 0) {
    const result = await db.execute(sql`
      select s.i, ${convertedMinor(orgId, sql`s.amount`, sql`s.currency`, to, on)} as converted
      from json_to_recordset(${JSON.stringify(foreign)}::json) as s(i int, currency text, amount text)`);
    for (const row of result.rows as Array<{ i: number; converted: string | null }>) {
      converted.set(Number(row.i), row.converted === null ? null : Number(row.converted));
    }
  }
  return amounts.map((a, i) =>
    a.currency === to || a.amountMinor === 0 ? a.amountMinor : (converted.get(i) ?? null),
  );
}
