// Join-able subqueries of the entities module's tables, for reports that other modules build in one
// statement (brand profitability joins expense totals to allocation shares).
import { eq } from 'drizzle-orm';
import { allocationShares, brands, departmentAllocations, entities } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';

export function brandsOf<A extends string = 'brand'>(orgId: string, alias = 'brand' as A) {
  return subqueryBuilder
    .select({
      id: brands.id,
      name: brands.name,
      color: brands.color,
      entityId: brands.entityId,
      logoKey: brands.logoKey,
      isDefault: brands.isDefault,
      archivedAt: brands.archivedAt,
    })
    .from(brands)
    .where(eq(brands.organizationId, orgId))
    .as(alias);
}

/** Every allocation's shares; a target with none is wholly the default entity and brand. */
export function allocationSharesOf<A extends string = 'share'>(orgId: string, alias = 'share' as A) {
  return subqueryBuilder
    .select({
      targetKind: allocationShares.targetKind,
      targetId: allocationShares.targetId,
      entityId: allocationShares.entityId,
      brandId: allocationShares.brandId,
      basisPoints: allocationShares.basisPoints,
    })
    .from(allocationShares)
    .where(eq(allocationShares.organizationId, orgId))
    .as(alias);
}

/** Where each department's people belong when they have no entity and brand of their own. */
export function departmentAllocationsOf<A extends string = 'dept'>(orgId: string, alias = 'dept' as A) {
  return subqueryBuilder
    .select({
      department: departmentAllocations.department,
      entityId: departmentAllocations.entityId,
      brandId: departmentAllocations.brandId,
    })
    .from(departmentAllocations)
    .where(eq(departmentAllocations.organizationId, orgId))
    .as(alias);
}

export function entitiesOf<A extends string = 'entity'>(orgId: string, alias = 'entity' as A) {
  return subqueryBuilder
    .select({ id: entities.id, name: entities.name, isDefault: entities.isDefault })
    .from(entities)
    .where(eq(entities.organizationId, orgId))
    .as(alias);
}
