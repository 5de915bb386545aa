// Reads of expense_month_totals (migration 0024): for the FX screens and the daily rate feed, and as
// a join-able subquery for reports that split spend by allocation.
import { and, asc, eq, gt, gte, lte, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseMonthTotals } from '../../db/schema';
import { inIdList } from '../../db/bulk-insert';
import { subqueryBuilder } from '../../db/sql-helpers';

/**
 * Converts the organization's month totals again into its currency, after the currency changed
 * (expense_month_totals_recompute, migration 0026). A trigger on `organizations` did it until
 * issue 34: Citus runs a reference table's triggers on every node.
 */
export async function reconvertMonthTotals(db: DbOrTx, orgId: string): Promise<void> {
  const t = expenseMonthTotals;
  await db.execute(sql`select expense_month_totals_recompute(${orgId}::uuid, m.lo, m.hi)
    from (select min(${t.month}) as lo, max(${t.month}) as hi from ${t} where ${t.organizationId} = ${orgId}) m
    where m.lo is not null`);
}

/** Currencies with charges that have no rate into the organization's currency at their date. */
export function unconvertedExpenseCurrencies(db: DbOrTx, orgId: string) {
  const t = expenseMonthTotals;
  return db
    .select({
      currency: t.currency,
      since: sql<string>`min(${t.month})::text`,
      charges: sql<number>`sum(${t.unconvertedCount})::int`,
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), gt(t.unconvertedCount, 0)))
    .groupBy(t.currency)
    .orderBy(asc(t.currency));
}

/** Per currency, the months ('YYYY-MM') of `fromMonth`..`toMonth` (first days) with charges that have no rate. */
export async function unconvertedMonths(
  db: DbOrTx,
  orgId: string,
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, string[]>> {
  const t = expenseMonthTotals;
  const rows = await db
    .selectDistinct({ currency: t.currency, month: sql<string>`to_char(${t.month}, 'YYYY-MM')` })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        gte(t.month, fromMonth),
        lte(t.month, toMonth),
        gt(t.unconvertedCount, 0),
      ),
    )
    .orderBy(asc(t.currency), sql`2`);
  const months = new Map<string, string[]>();
  for (const r of rows) months.set(r.currency, [...(months.get(r.currency) ?? []), r.month]);
  return months;
}

/** Every currency the organization's expenses are in. */
export async function expenseCurrencies(db: DbOrTx, orgId: string): Promise<string[]> {
  const t = expenseMonthTotals;
  const rows = await db
    .selectDistinct({ currency: t.currency })
    .from(t)
    .where(and(eq(t.organizationId, orgId), ne(t.count, 0)));
  return rows.map((r) => r.currency);
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The months from `fromMonth` to `toMonth` (first days) per currency and allocation target: an
 * expense with its own allocation is its own target (`expense`), every other charge counts under
 * its application (`subscription`; the nil id for unmatched charges, which no allocation names).
 */
export function spendByMonthAndTarget<A extends string = 'spend'>(
  orgId: string,
  fromMonth: string,
  toMonth: string,
  alias = 'spend' as A,
) {
  const t = expenseMonthTotals;
  const ownAllocation = sql`${t.expenseId} <> ${NIL_UUID}::uuid`;
  return subqueryBuilder
    .select({
      month: sql<string>`${t.month}::text`.as('month'),
      currency: t.currency,
      subscriptionId: sql<string | null>`nullif(${t.subscriptionId}, ${NIL_UUID}::uuid)`.as(
        'subscription_id',
      ),
      targetKind: sql<
        'expense' | 'subscription'
      >`case when ${ownAllocation} then 'expense' else 'subscription' end`.as('target_kind'),
      targetId: sql<string>`case when ${ownAllocation} then ${t.expenseId} else ${t.subscriptionId} end`.as(
        'target_id',
      ),
      convertedMinor: t.convertedMinor,
      unconvertedCount: t.unconvertedCount,
      unconvertedMinor: t.unconvertedMinor,
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), gte(t.month, fromMonth), lte(t.month, toMonth)))
    .as(alias);
}

/** What analytics may group the rollup by (spendByMonthAndKeys keeps only these columns). */
export type SpendKey =
  'month' | 'currency' | 'subscription' | 'target' | 'category' | 'department' | 'paymentMethod' | 'vendor';

/**
 * The rollup of the months `fromMonth`..`toMonth` (first days) summed over the columns in `keep`
 * only — the month, the currency, the application (null when unmatched), the allocation target (as
 * spendByMonthAndTarget), the expense's own category, department, payment method and vendor (null
 * when it has none; its application's count then, which the reader joins). Summing first over the
 * plain key columns leaves far fewer rows for the reader's joins and expressions. Computed columns
 * are unqualified in Drizzle's SQL: read them through the alias (`"<alias>"."category_id"`).
 */
export function spendByMonthAndKeys<A extends string = 'spend'>(
  orgId: string,
  fromMonth: string,
  toMonth: string,
  keep: readonly SpendKey[],
  alias = 'spend' as A,
  only: {
    /** Only the rows with charges that have no rate (a partial index finds them). */
    unconverted?: boolean;
    /** Only these applications' rows (the nil id: unmatched charges), filtered before summing. */
    subscriptionIds?: string[];
  } = {},
) {
  const t = expenseMonthTotals;
  const ownAllocation = sql`${t.expenseId} <> ${NIL_UUID}::uuid`;
  const orNull = (column: AnyColumn) => sql<string | null>`nullif(${column}, ${NIL_UUID}::uuid)`;
  const has = new Set(keep);
  // Each kept key is an expression over the plain columns it is grouped by.
  const keys = {
    ...(has.has('month') ? { month: sql<string>`${t.month}::text`.as('month') } : {}),
    ...(has.has('currency') ? { currency: sql<string>`${t.currency}`.as('currency') } : {}),
    ...(has.has('subscription') || has.has('target')
      ? { subscriptionId: orNull(t.subscriptionId).as('subscription_id') }
      : {}),
    ...(has.has('target')
      ? {
          targetKind: sql<
            'expense' | 'subscription'
          >`case when ${ownAllocation} then 'expense' else 'subscription' end`.as('target_kind'),
          targetId:
            sql<string>`case when ${ownAllocation} then ${t.expenseId} else ${t.subscriptionId} end`.as(
              'target_id',
            ),
        }
      : {}),
    ...(has.has('category') ? { categoryId: orNull(t.categoryId).as('category_id') } : {}),
    ...(has.has('department')
      ? { department: sql<string | null>`nullif(${t.department}, '')`.as('department') }
      : {}),
    ...(has.has('paymentMethod')
      ? { paymentMethodId: orNull(t.paymentMethodId).as('payment_method_id') }
      : {}),
    ...(has.has('vendor') ? { vendorId: orNull(t.vendorId).as('vendor_id') } : {}),
  };
  const groupCount = Object.keys(keys).length;
  const query = subqueryBuilder
    .select({
      ...keys,
      count: sql<number>`sum(${t.count})`.as('count'),
      convertedMinor: sql<string>`sum(${t.convertedMinor})`.as('converted_minor'),
      unconvertedCount: sql<number>`sum(${t.unconvertedCount})`.as('unconverted_count'),
      unconvertedMinor: sql<number>`sum(${t.unconvertedMinor})`.as('unconverted_minor'),
    })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        gte(t.month, fromMonth),
        lte(t.month, toMonth),
        only.unconverted ? ne(t.unconvertedCount, 0) : undefined,
        only.subscriptionIds ? inIdList(t.subscriptionId, only.subscriptionIds) : undefined,
      ),
    );
  const positions = Array.from({ length: groupCount }, (_, i) => i + 1).join(', ');
  return (groupCount > 0 ? query.groupBy(sql.raw(positions)) : query).as(alias);
}
