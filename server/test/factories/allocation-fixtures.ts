import { and, eq } from 'drizzle-orm';
import type { AllocationTargetKind } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { allocations, allocationShares, brands, entities, expenses } from '../../db/schema';

// Entities, brands and allocation shares inserted directly, for tests of what reads them (filters,
// budget scopes, exports). The organization's default entity and brand come from its trigger.

export async function defaultsOf(db: DbOrTx, orgId: string) {
  const [entity] = await db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(and(eq(entities.organizationId, orgId), eq(entities.isDefault, true)));
  const [brand] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.organizationId, orgId), eq(brands.isDefault, true)));
  return { entityId: entity!.id, brandId: brand!.id, entityName: entity!.name, brandName: brand!.name };
}

export async function buildEntity(db: DbOrTx, orgId: string, name: string) {
  const [row] = await db
    .insert(entities)
    .values({ organizationId: orgId, name, functionalCurrency: 'USD' })
    .returning();
  return row!;
}

export async function buildBrand(db: DbOrTx, orgId: string, name: string, entityId?: string) {
  const [row] = await db
    .insert(brands)
    .values({ organizationId: orgId, name, entityId: entityId ?? null })
    .returning();
  return row!;
}

/** Saves a fixed allocation: shares as (entity, brand, basis points). An expense is marked as allocated on its own. */
export async function allocate(
  db: DbOrTx,
  orgId: string,
  kind: AllocationTargetKind,
  targetId: string,
  shares: Array<{ entityId: string; brandId: string; basisPoints: number }>,
) {
  await db.transaction(async (tx) => {
    await tx.insert(allocations).values({ organizationId: orgId, targetKind: kind, targetId });
    await tx
      .insert(allocationShares)
      .values(shares.map((s) => ({ organizationId: orgId, targetKind: kind, targetId, ...s })));
    if (kind === 'expense') {
      await tx
        .update(expenses)
        .set({ hasOwnAllocation: true })
        .where(and(eq(expenses.organizationId, orgId), eq(expenses.id, targetId)));
    }
  });
}
