import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';

/** The ids of the charges matched to any of the applications. */
export function chargeIdsOfApplications(db: DbOrTx, orgId: string, subscriptionIds: string[]) {
  return db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.subscriptionId, subscriptionIds)));
}

/** What reconciliation reads of the given charges (at most a few thousand ids at a time). */
export function chargesToReconcile(db: DbOrTx, orgId: string, ids: string[]) {
  return db
    .select({
      id: expenses.id,
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
      subscriptionId: expenses.subscriptionId,
      overExpectedPercent: expenses.overExpectedPercent,
      chargedAfterCancellation: expenses.chargedAfterCancellation,
    })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids)));
}

export async function setChargeFlags(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  flags: { overExpectedPercent: number | null; chargedAfterCancellation: boolean },
): Promise<void> {
  await db
    .update(expenses)
    .set(flags)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids)));
}
