import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { budgets } from '../../db/schema';
import { notFound } from '../../errors';
import { allocatedTo, hasAllocationFilter } from '../entities';
import { subscriptionsOf } from '../subscriptions';
import type { BudgetRow } from './budget-status';

/** Every budget of the organization. */
export function listBudgetRows(db: DbOrTx, orgId: string): Promise<BudgetRow[]> {
  return db.select().from(budgets).where(eq(budgets.organizationId, orgId));
}

export async function findBudget(db: DbOrTx, orgId: string, id: string): Promise<BudgetRow> {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.organizationId, orgId), eq(budgets.id, id)));
  if (!row) throw notFound('Budget');
  return row;
}

/** A budget belongs to an entity/brand when it is scoped to it or allocated to it. */
function inEntityOrBrand(orgId: string, filter: AllocationFilter) {
  if (!hasAllocationFilter(filter)) return undefined;
  return or(
    filter.entityId ? and(eq(budgets.scope, 'entity'), eq(budgets.scopeId, filter.entityId)) : undefined,
    filter.brandId ? and(eq(budgets.scope, 'brand'), eq(budgets.scopeId, filter.brandId)) : undefined,
    and(
      inArray(budgets.scope, ['organization', 'category', 'department', 'application']),
      allocatedTo(orgId, 'budget', budgets.id, filter),
    ),
  );
}

/** The organization's budgets (of an entity or brand, when the filter names one), by name. */
export function listFilteredBudgets(
  db: DbOrTx,
  orgId: string,
  filter: AllocationFilter,
): Promise<BudgetRow[]> {
  return db
    .select()
    .from(budgets)
    .where(and(eq(budgets.organizationId, orgId), inEntityOrBrand(orgId, filter)))
    .orderBy(asc(budgets.name));
}

/** The name of the organization's application, or null when it has none by that id. */
export async function applicationName(db: DbOrTx, orgId: string, id: string): Promise<string | null> {
  const app = subscriptionsOf(orgId);
  const [row] = await db.select({ name: app.name }).from(app).where(eq(app.id, id));
  return row?.name ?? null;
}

export async function insertBudget(db: DbOrTx, values: typeof budgets.$inferInsert): Promise<BudgetRow> {
  const [row] = await db.insert(budgets).values(values).returning();
  return row!;
}

export async function updateBudgetRow(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<typeof budgets.$inferInsert>,
): Promise<void> {
  await db
    .update(budgets)
    .set(values)
    .where(and(eq(budgets.organizationId, orgId), eq(budgets.id, id)));
}

/** Deletes the budget; answers its name, or null when there was none. */
export async function deleteBudgetRow(db: DbOrTx, orgId: string, id: string) {
  const rows = await db
    .delete(budgets)
    .where(and(eq(budgets.organizationId, orgId), eq(budgets.id, id)))
    .returning({ id: budgets.id, name: budgets.name });
  return rows[0] ?? null;
}
