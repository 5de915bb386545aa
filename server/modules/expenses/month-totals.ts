// Reads of expense_month_totals (migration 0024): for the FX screens and the daily rate feed, and as
// a join-able subquery for reports that split spend by allocation.
import { and, asc, eq, gt, gte, lte, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseMonthTotals } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

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

/**
 * The rollup rows of the months `fromMonth`..`toMonth` (first days) with everything analytics groups
 * by: the application (null when unmatched), the allocation target (as spendByMonthAndTarget) and
 * the expense's own category, department, payment method and vendor (null when it has none; its
 * application's count then, which the reader joins). Computed columns are unqualified in Drizzle's
 * SQL: read them through the alias (`"<alias>"."category_id"`).
 */
export function spendByMonthAndKeys<A extends string = 'spend'>(
  orgId: string,
  fromMonth: string,
  toMonth: string,
  alias = 'spend' as A,
) {
  const t = expenseMonthTotals;
  const ownAllocation = sql`${t.expenseId} <> ${NIL_UUID}::uuid`;
  const orNull = (column: AnyColumn) => sql<string | null>`nullif(${column}, ${NIL_UUID}::uuid)`;
  return subqueryBuilder
    .select({
      month: sql<string>`${t.month}::text`.as('month'),
      currency: t.currency,
      subscriptionId: orNull(t.subscriptionId).as('subscription_id'),
      targetKind: sql<
        'expense' | 'subscription'
      >`case when ${ownAllocation} then 'expense' else 'subscription' end`.as('target_kind'),
      targetId: sql<string>`case when ${ownAllocation} then ${t.expenseId} else ${t.subscriptionId} end`.as(
        'target_id',
      ),
      categoryId: orNull(t.categoryId).as('category_id'),
      department: sql<string | null>`nullif(${t.department}, '')`.as('department'),
      paymentMethodId: orNull(t.paymentMethodId).as('payment_method_id'),
      vendorId: orNull(t.vendorId).as('vendor_id'),
      count: t.count,
      convertedMinor: t.convertedMinor,
      unconvertedCount: t.unconvertedCount,
      unconvertedMinor: t.unconvertedMinor,
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), gte(t.month, fromMonth), lte(t.month, toMonth)))
    .as(alias);
}
