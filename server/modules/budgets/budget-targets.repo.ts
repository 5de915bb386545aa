// What other modules ask of budgets: whether one exists (allocations), and the budgets scoped to an
// entity or a brand (deleting one moves or refuses them). Kept apart from the budget use cases so
// importing it brings in nothing else.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { budgets } from '../../db/schema';

export async function budgetExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: budgets.id })
    .from(budgets)
    .where(and(eq(budgets.organizationId, orgId), eq(budgets.id, id)));
  return Boolean(row);
}

/** The scope is compared as text: the `entity` and `brand` budget scopes come with issue 19's filters. */
const scopedTo = (orgId: string, scope: 'entity' | 'brand', id: string) =>
  and(eq(budgets.organizationId, orgId), sql`${budgets.scope} = ${scope}`, eq(budgets.scopeId, id));

export async function countBudgetsScopedTo(db: DbOrTx, orgId: string, scope: 'entity' | 'brand', id: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(budgets)
    .where(scopedTo(orgId, scope, id));
  return row?.count ?? 0;
}

export async function moveBudgetScope(
  db: DbOrTx,
  orgId: string,
  scope: 'entity' | 'brand',
  fromId: string,
  toId: string,
) {
  await db
    .update(budgets)
    .set({ scopeId: toId })
    .where(scopedTo(orgId, scope, fromId));
}
