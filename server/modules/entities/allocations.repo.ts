import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AllocationMethod, AllocationTargetKind } from '../../../common/contracts/entities';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { allocations, allocationShares, brands, departmentAllocations, entities } from '../../db/schema';
import { bulkInsert } from '../../db/bulk-insert';

export interface Share {
  entityId: string;
  brandId: string;
  basisPoints: number;
}
export interface NamedShare extends Share {
  entityName: string;
  brandName: string;
  brandColor: string;
}

export async function findAllocation(db: DbOrTx, orgId: string, kind: AllocationTargetKind, id: string) {
  const [row] = await db
    .select()
    .from(allocations)
    .where(
      and(
        eq(allocations.organizationId, orgId),
        eq(allocations.targetKind, kind),
        eq(allocations.targetId, id),
      ),
    );
  return row ?? null;
}

/** The saved shares of the targets, with names; a target with none is missing from the map. */
export async function savedShares(db: DbOrTx, orgId: string, kind: AllocationTargetKind, ids: string[]) {
  const byTarget = new Map<string, NamedShare[]>();
  if (ids.length === 0) return byTarget;
  const rows = await db
    .select({
      targetId: allocationShares.targetId,
      entityId: allocationShares.entityId,
      entityName: entities.name,
      brandId: allocationShares.brandId,
      brandName: brands.name,
      brandColor: brands.color,
      basisPoints: allocationShares.basisPoints,
    })
    .from(allocationShares)
    .innerJoin(entities, and(eq(entities.organizationId, orgId), eq(entities.id, allocationShares.entityId)))
    .innerJoin(brands, and(eq(brands.organizationId, orgId), eq(brands.id, allocationShares.brandId)))
    .where(
      and(
        eq(allocationShares.organizationId, orgId),
        eq(allocationShares.targetKind, kind),
        inArray(allocationShares.targetId, ids),
      ),
    )
    .orderBy(asc(allocationShares.targetId), sql`${allocationShares.basisPoints} desc`, asc(brands.name));
  for (const { targetId, ...share } of rows) {
    const list = byTarget.get(targetId) ?? [];
    list.push(share);
    byTarget.set(targetId, list);
  }
  return byTarget;
}

/** The default entity and brand as one whole share, with their names. */
export async function defaultShare(db: DbOrTx, orgId: string): Promise<NamedShare> {
  const [row] = await db
    .select({
      entityId: entities.id,
      entityName: entities.name,
      brandId: brands.id,
      brandName: brands.name,
      brandColor: brands.color,
    })
    .from(entities)
    .innerJoin(brands, and(eq(brands.organizationId, orgId), eq(brands.isDefault, true)))
    .where(and(eq(entities.organizationId, orgId), eq(entities.isDefault, true)));
  if (!row) throw new Error(`Organization ${orgId} has no default entity and brand`);
  return { ...row, basisPoints: FULL_SHARE_BP };
}

/**
 * Each target's shares with entity and brand names and the brand's colour: what it saved, or wholly
 * the default entity and brand when nothing was saved. For list screens and the allocation editor.
 */
export async function allocationSummaries(
  db: DbOrTx,
  orgId: string,
  kind: AllocationTargetKind,
  ids: string[],
): Promise<Map<string, NamedShare[]>> {
  const unique = [...new Set(ids)];
  const saved = await savedShares(db, orgId, kind, unique);
  if (unique.every((id) => saved.has(id))) return saved;
  const fallback = await defaultShare(db, orgId);
  for (const id of unique) if (!saved.has(id)) saved.set(id, [fallback]);
  return saved;
}

/** Saves the target's method and shares, replacing what it had. */
export async function saveAllocation(
  db: DbOrTx,
  orgId: string,
  target: { kind: AllocationTargetKind; id: string },
  method: AllocationMethod,
  shares: Share[],
  by: { userId: string | null; now: Date },
) {
  await db
    .insert(allocations)
    .values({
      organizationId: orgId,
      targetKind: target.kind,
      targetId: target.id,
      method,
      updatedBy: by.userId,
      updatedAt: by.now,
    })
    .onConflictDoUpdate({
      target: [allocations.organizationId, allocations.targetKind, allocations.targetId],
      set: { method, updatedBy: by.userId, updatedAt: by.now },
    });
  await replaceShares(db, orgId, target, shares);
}

export async function replaceShares(
  db: DbOrTx,
  orgId: string,
  target: { kind: AllocationTargetKind; id: string },
  shares: Share[],
) {
  await db
    .delete(allocationShares)
    .where(
      and(
        eq(allocationShares.organizationId, orgId),
        eq(allocationShares.targetKind, target.kind),
        eq(allocationShares.targetId, target.id),
      ),
    );
  if (shares.length === 0) return;
  await db.insert(allocationShares).values(
    shares.map((s) => ({
      organizationId: orgId,
      targetKind: target.kind,
      targetId: target.id,
      ...s,
    })),
  );
}

/** Back to the default entity and brand: no rows at all. Answers whether there was an allocation. */
export async function deleteAllocation(
  db: DbOrTx,
  orgId: string,
  target: { kind: AllocationTargetKind; id: string },
): Promise<boolean> {
  await replaceShares(db, orgId, target, []);
  const deleted = await db
    .delete(allocations)
    .where(
      and(
        eq(allocations.organizationId, orgId),
        eq(allocations.targetKind, target.kind),
        eq(allocations.targetId, target.id),
      ),
    )
    .returning({ id: allocations.targetId });
  return deleted.length > 0;
}

/** The targets allocated by a rule (department or license holders). */
export async function ruleAllocations(db: DbOrTx, orgId: string) {
  return db
    .select({ kind: allocations.targetKind, id: allocations.targetId, method: allocations.method })
    .from(allocations)
    .where(and(eq(allocations.organizationId, orgId), sql`${allocations.method} <> 'fixed'`));
}

export async function listDepartmentAllocations(db: DbOrTx, orgId: string) {
  return db
    .select({
      department: departmentAllocations.department,
      entityId: departmentAllocations.entityId,
      brandId: departmentAllocations.brandId,
    })
    .from(departmentAllocations)
    .where(eq(departmentAllocations.organizationId, orgId))
    .orderBy(asc(departmentAllocations.department));
}

export async function replaceDepartmentAllocations(
  db: DbOrTx,
  orgId: string,
  items: Array<{ department: string; entityId: string; brandId: string }>,
) {
  await db.delete(departmentAllocations).where(eq(departmentAllocations.organizationId, orgId));
  if (items.length > 0)
    await bulkInsert(
      db,
      departmentAllocations,
      items.map((i) => ({ organizationId: orgId, ...i })),
    );
}
