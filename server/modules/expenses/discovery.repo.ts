// The SQL of discovery (discovery.service.ts): unmatched charges grouped by merchant, and moving
// a merchant's unmatched charges out of the review queue.
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';

/**
 * Unmatched positive charges since `since`, grouped by merchant key (all, or one), with their
 * dates, amounts and currencies in date order: groups of two or more, the largest first.
 */
export function unmatchedChargeGroups(
  db: DbOrTx,
  orgId: string,
  since: string,
  limit: number,
  merchantKey?: string,
) {
  return db
    .select({
      merchantKey: expenses.merchantKey,
      sampleMerchant: sql<string>`max(${expenses.merchant})`,
      dates: sql<string[]>`array_agg(${expenses.date}::text order by ${expenses.date})`,
      amounts: sql<string[]>`array_agg(${expenses.amountMinor}::text order by ${expenses.date})`,
      currencies: sql<string[]>`array_agg(${expenses.currency} order by ${expenses.date})`,
      categoryId: sql<string | null>`max(${expenses.categoryId}::text)`,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.matchStatus, 'unmatched'),
        gte(expenses.date, since),
        gt(expenses.amountMinor, 0),
        merchantKey ? eq(expenses.merchantKey, merchantKey) : undefined,
      ),
    )
    .groupBy(expenses.merchantKey)
    .having(sql`count(*) >= 2`)
    .orderBy(sql`count(*) desc`)
    .limit(limit);
}

/** Sets the values on the merchant's unmatched charges; answers their ids. */
export function updateUnmatchedOfMerchant(
  db: DbOrTx,
  orgId: string,
  merchantKey: string,
  values: Partial<typeof expenses.$inferInsert>,
) {
  return db
    .update(expenses)
    .set(values)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.matchStatus, 'unmatched'),
        eq(expenses.merchantKey, merchantKey),
      ),
    )
    .returning({ id: expenses.id });
}
