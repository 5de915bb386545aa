import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';

/**
 * Marks whether the expense has its own allocation (rows of kind 'expense'), in the transaction
 * that writes those rows: the month totals' trigger then keeps its amount apart from its
 * application's. Answers false when the organization has no such expense.
 */
export async function setOwnAllocationFlag(
  db: DbOrTx,
  orgId: string,
  expenseId: string,
  hasOwnAllocation: boolean,
): Promise<boolean> {
  const rows = await db
    .update(expenses)
    .set({ hasOwnAllocation })
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.id, expenseId)))
    .returning({ id: expenses.id });
  return rows.length > 0;
}

/** Marks new expenses allocated on their own (an accounting connector's entity). */
export async function markOwnAllocations(db: DbOrTx, orgId: string, expenseIds: string[]) {
  if (expenseIds.length === 0) return;
  await db
    .update(expenses)
    .set({ hasOwnAllocation: true })
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, expenseIds)));
}
