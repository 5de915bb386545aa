// Expenses per month converted into the organization's currency (the expense_month_totals rollup,
// migration 0024), as a join-able subquery for reports that split spend by allocation.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { expenseMonthTotals } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

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
