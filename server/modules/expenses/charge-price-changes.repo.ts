import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { priceChangesOf } from '../subscriptions';

/** The given charges that are matched to an application (at most a few thousand ids at a time). */
export function matchedChargesAmong(db: DbOrTx, orgId: string, ids: readonly string[]) {
  return db
    .select({ id: expenses.id, subscriptionId: expenses.subscriptionId })
    .from(expenses)
    .where(
      and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids), isNotNull(expenses.subscriptionId)),
    );
}

/** Every charge of the applications, by application, currency, date and id. */
export function chargesOfApplicationsInOrder(db: DbOrTx, orgId: string, appIds: string[]) {
  return db
    .select({
      id: expenses.id,
      subscriptionId: expenses.subscriptionId,
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
    })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.subscriptionId, appIds)))
    .orderBy(asc(expenses.subscriptionId), asc(expenses.currency), asc(expenses.date), asc(expenses.id));
}

/** The charges of the applications that already gave a price-history row. */
export async function chargesWithPriceChanges(
  db: DbOrTx,
  orgId: string,
  appIds: string[],
): Promise<Set<string | null>> {
  const change = priceChangesOf(orgId, 'change');
  const rows = await db
    .select({ id: change.sourceExpenseId })
    .from(change)
    .where(and(isNotNull(change.sourceExpenseId), inArray(change.subscriptionId, appIds)));
  return new Set(rows.map((r) => r.id));
}
