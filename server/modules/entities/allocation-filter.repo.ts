// The entity/brand filter every list, total and budget scope uses: SQL conditions on a target's
// allocation shares. A target without shares is wholly the default entity and brand, so filtering
// by the default brand (or entity) includes every unallocated target.
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  FULL_SHARE_BP,
  type AllocationFilter,
  type AllocationTargetKind,
} from '../../../common/contracts/entities';
import { rowError, type ImportRowError } from '../../../common/contracts/import-rows';
import type { DbOrTx } from '../../db/client';
import { allocations, allocationShares, brands, entities } from '../../db/schema';
import { uuidArray } from '../../db/sql-helpers';
import { bulkInsert } from '../../db/bulk-insert';

type TargetId = AnyColumn | SQL;

/** True when the filter names an entity or a brand (an empty filter adds nothing to a query). */
export function hasAllocationFilter(filter: AllocationFilter): boolean {
  return Boolean(filter.entityId || filter.brandId);
}

const sharesOf = (orgId: string, kind: AllocationTargetKind, targetId: TargetId) =>
  and(
    eq(allocationShares.organizationId, orgId),
    eq(allocationShares.targetKind, kind),
    sql`${allocationShares.targetId} = ${targetId}`,
  );

const sharesIn = (filter: AllocationFilter) =>
  and(
    filter.entityId ? eq(allocationShares.entityId, filter.entityId) : undefined,
    filter.brandId ? eq(allocationShares.brandId, filter.brandId) : undefined,
  );

/**
 * The filter names only this organization's default entity and/or brand: an uncorrelated
 * condition (evaluated once per statement). Another tenant's id is never a default here.
 */
function namesDefaults(orgId: string, filter: AllocationFilter): SQL {
  return and(
    filter.entityId
      ? sql`exists (select 1 from ${entities} where ${entities.organizationId} = ${orgId}
          and ${entities.id} = ${filter.entityId} and ${entities.isDefault})`
      : undefined,
    filter.brandId
      ? sql`exists (select 1 from ${brands} where ${brands.organizationId} = ${orgId}
          and ${brands.id} = ${filter.brandId} and ${brands.isDefault})`
      : undefined,
  )!;
}

/**
 * "This target has a share in the filter's entity and/or brand", e.g.
 * `allocatedTo(orgId, 'subscription', subscriptions.id, filter)`; undefined for an empty filter, so
 * an unfiltered query stays as it was. A null target id (an unmatched expense's application) has
 * no shares: it belongs to the defaults.
 */
export function allocatedTo(
  orgId: string,
  kind: AllocationTargetKind,
  targetId: TargetId,
  filter: AllocationFilter,
): SQL | undefined {
  if (!hasAllocationFilter(filter)) return undefined;
  const s = allocationShares;
  return sql`(exists (select 1 from ${s} where ${and(sharesOf(orgId, kind, targetId), sharesIn(filter))})
    or (not exists (select 1 from ${s} where ${sharesOf(orgId, kind, targetId)})
      and ${namesDefaults(orgId, filter)}))`;
}

/**
 * The basis points (0…10000) of the target that fall in the filter's entity and/or brand: the sum
 * of its matching shares, or all of it when it has none and the filter names the defaults.
 */
export function allocatedBasisPoints(
  orgId: string,
  kind: AllocationTargetKind,
  targetId: TargetId,
  filter: AllocationFilter,
): SQL<number> {
  const s = allocationShares;
  return sql<number>`coalesce(
    (select sum(${s.basisPoints}) from ${s} where ${and(sharesOf(orgId, kind, targetId), sharesIn(filter))}),
    case when not exists (select 1 from ${s} where ${sharesOf(orgId, kind, targetId)})
      and ${namesDefaults(orgId, filter)} then ${FULL_SHARE_BP} else 0 end
  )::int`;
}

/**
 * `amount` as counted in the filter's entity and/or brand (unchanged without a filter): the amount
 * split over ALL the target's shares by the largest remainder — each share's floor, the minor units
 * left over to the largest remainders, ties to the earlier (entity, brand) — and the matching parts
 * summed, exactly as `allocatedPartMinor` (common/allocation.ts) does in code. Totals of a filtered
 * list use it, so an application split 60/40 counts 60 % under one brand and 40 % under the other,
 * and the parts under every entity (or brand) add up to the whole to the minor unit.
 */
export function allocationWeighted(
  orgId: string,
  kind: AllocationTargetKind,
  targetId: TargetId,
  filter: AllocationFilter,
): (amount: AnyColumn | SQL) => SQL {
  if (!hasAllocationFilter(filter)) return (amount) => sql`${amount}`;
  const s = allocationShares;
  return (amount) => {
    const whole = sql`abs(${amount})::numeric`;
    const floorPart = sql`floor(${whole} * ${s.basisPoints} / ${FULL_SHARE_BP})`;
    const parts = sql`select ${s.entityId} as entity_id, ${s.brandId} as brand_id, ${floorPart}
        + case when row_number() over (
            order by (${whole} * ${s.basisPoints}) % ${FULL_SHARE_BP} desc, ${s.entityId}, ${s.brandId})
          <= ${whole} - sum(${floorPart}) over () then 1 else 0 end as part
      from ${s} where ${sharesOf(orgId, kind, targetId)}`;
    const matches = and(
      filter.entityId ? sql`p.entity_id = ${filter.entityId}::uuid` : undefined,
      filter.brandId ? sql`p.brand_id = ${filter.brandId}::uuid` : undefined,
    );
    return sql`(sign(${amount}::numeric) * coalesce(
      (select sum(p.part) from (${parts}) p where ${matches}),
      case when not exists (select 1 from ${s} where ${sharesOf(orgId, kind, targetId)})
        and ${namesDefaults(orgId, filter)} then ${whole} else 0 end
    ))`;
  };
}

/**
 * A target that may have its own allocation and otherwise follows its parent's (a license pool its
 * application's): its own shares when it has any, else the parent's.
 */
export function allocatedThrough(
  orgId: string,
  own: { kind: AllocationTargetKind; id: TargetId },
  parent: { kind: AllocationTargetKind; id: TargetId },
  filter: AllocationFilter,
): SQL | undefined {
  if (!hasAllocationFilter(filter)) return undefined;
  const s = allocationShares;
  return sql`(exists (select 1 from ${s} where ${and(sharesOf(orgId, own.kind, own.id), sharesIn(filter))})
    or (not exists (select 1 from ${s} where ${sharesOf(orgId, own.kind, own.id)})
      and ${allocatedTo(orgId, parent.kind, parent.id, filter)}))`;
}

/** An expense's columns the allocation of an expense depends on. */
export interface ExpenseAllocationColumns {
  id: AnyColumn;
  subscriptionId: AnyColumn;
  hasOwnAllocation: AnyColumn;
}

/**
 * An expense with its own allocation follows its own shares; any other follows its application's
 * (an unmatched one: the defaults).
 */
export function expenseAllocatedTo(
  orgId: string,
  expense: ExpenseAllocationColumns,
  filter: AllocationFilter,
): SQL | undefined {
  if (!hasAllocationFilter(filter)) return undefined;
  return sql`(case when ${expense.hasOwnAllocation}
    then ${allocatedTo(orgId, 'expense', expense.id, filter)}
    else ${allocatedTo(orgId, 'subscription', expense.subscriptionId, filter)} end)`;
}

/** The basis points of an expense in the filter's entity and/or brand (see expenseAllocatedTo). */
export function expenseAllocatedBasisPoints(
  orgId: string,
  expense: ExpenseAllocationColumns,
  filter: AllocationFilter,
): SQL<number> {
  return sql<number>`(case when ${expense.hasOwnAllocation}
    then ${allocatedBasisPoints(orgId, 'expense', expense.id, filter)}
    else ${allocatedBasisPoints(orgId, 'subscription', expense.subscriptionId, filter)} end)`;
}

/** The name of this organization's entity or brand; null for an unknown id or another tenant's. */
export async function entityOrBrandName(
  db: DbOrTx,
  orgId: string,
  kind: 'entity' | 'brand',
  id: string,
): Promise<string | null> {
  const table = kind === 'entity' ? entities : brands;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.organizationId, orgId), eq(table.id, id)));
  return row?.name ?? null;
}

/** How a target reads in an export: "North" for a whole allocation, "Alpha 60 %; Beta 40 %" for a split. */
export interface AllocationLabels {
  entity: string;
  brand: string;
}

function label(parts: Map<string, number>): string {
  if (parts.size === 1) return [...parts.keys()][0]!;
  return [...parts].map(([name, bp]) => `${name} ${bp / 100} %`).join('; ');
}

/**
 * The entity and brand labels of many targets of one kind (exports), largest share first; a target
 * without shares reads as the default entity and brand.
 */
export async function allocationLabels(
  db: DbOrTx,
  orgId: string,
  kind: AllocationTargetKind,
  targetIds: readonly string[],
): Promise<(targetId: string) => AllocationLabels> {
  const s = allocationShares;
  const [rows, defaults] = await Promise.all([
    targetIds.length === 0
      ? []
      : db
          .select({
            targetId: s.targetId,
            entity: entities.name,
            brand: brands.name,
            basisPoints: s.basisPoints,
          })
          .from(s)
          .innerJoin(entities, and(eq(entities.organizationId, orgId), eq(entities.id, s.entityId)))
          .innerJoin(brands, and(eq(brands.organizationId, orgId), eq(brands.id, s.brandId)))
          .where(
            and(
              eq(s.organizationId, orgId),
              eq(s.targetKind, kind),
              sql`${s.targetId} = any(${uuidArray(targetIds)})`,
            ),
          )
          .orderBy(desc(s.basisPoints), asc(brands.name)),
    db
      .select({ entity: entities.name, brand: brands.name })
      .from(entities)
      .innerJoin(brands, and(eq(brands.organizationId, orgId), eq(brands.isDefault, true)))
      .where(and(eq(entities.organizationId, orgId), eq(entities.isDefault, true))),
  ]);
  const byTarget = new Map<string, { entity: Map<string, number>; brand: Map<string, number> }>();
  for (const row of rows) {
    const parts = byTarget.get(row.targetId) ?? { entity: new Map(), brand: new Map() };
    parts.entity.set(row.entity, (parts.entity.get(row.entity) ?? 0) + row.basisPoints);
    parts.brand.set(row.brand, (parts.brand.get(row.brand) ?? 0) + row.basisPoints);
    byTarget.set(row.targetId, parts);
  }
  const fallback = { entity: defaults[0]?.entity ?? '', brand: defaults[0]?.brand ?? '' };
  return (targetId) => {
    const parts = byTarget.get(targetId);
    return parts ? { entity: label(parts.entity), brand: label(parts.brand) } : fallback;
  };
}

/** An imported row's Entity and Brand cells, for the target it created. */
export interface NamedAllocation {
  targetId: string;
  line: number;
  entity: string | null;
  brand: string | null;
}

/**
 * Whole (100 %) allocations for imported rows that name an entity and/or brand, matched by name
 * (case-insensitive), in the import's transaction. A brand alone goes with its owning entity; a
 * missing half is the default. An unknown name is a warning and leaves that row to the defaults.
 */
export async function allocateImportedRows(
  tx: DbOrTx,
  orgId: string,
  kind: AllocationTargetKind,
  rows: NamedAllocation[],
  userId: string | null,
): Promise<ImportRowError[]> {
  const named = rows.filter((r) => r.entity || r.brand);
  if (named.length === 0) return [];
  // One after the other: a transaction's one connection runs one query at a time.
  const entityRows = await tx
    .select({ id: entities.id, name: entities.name, isDefault: entities.isDefault })
    .from(entities)
    .where(eq(entities.organizationId, orgId));
  const brandRows = await tx
    .select({ id: brands.id, name: brands.name, isDefault: brands.isDefault, entityId: brands.entityId })
    .from(brands)
    .where(eq(brands.organizationId, orgId));
  const byName = <T extends { name: string }>(list: T[]) =>
    new Map(list.map((x) => [x.name.toLowerCase(), x]));
  const entityByName = byName(entityRows);
  const brandByName = byName(brandRows);
  const defaultEntity = entityRows.find((e) => e.isDefault)!;
  const defaultBrand = brandRows.find((b) => b.isDefault)!;
  const warnings: ImportRowError[] = [];
  const shares: Array<typeof allocationShares.$inferInsert> = [];
  for (const row of named) {
    const entity = row.entity ? entityByName.get(row.entity.toLowerCase()) : undefined;
    const brand = row.brand ? brandByName.get(row.brand.toLowerCase()) : undefined;
    if (row.entity && !entity)
      warnings.push(rowError(row.line, 'entity', `Unknown entity "${row.entity}": imported to the default`));
    if (row.brand && !brand)
      warnings.push(rowError(row.line, 'brand', `Unknown brand "${row.brand}": imported to the default`));
    if ((row.entity && !entity) || (row.brand && !brand) || (!entity && !brand)) continue;
    const entityId = entity?.id ?? brand?.entityId ?? defaultEntity.id;
    const brandId = brand?.id ?? defaultBrand.id;
    if (entityId === defaultEntity.id && brandId === defaultBrand.id) continue; // the defaults need no row
    shares.push({
      organizationId: orgId,
      targetKind: kind,
      targetId: row.targetId,
      entityId,
      brandId,
      basisPoints: FULL_SHARE_BP,
    });
  }
  if (shares.length > 0) {
    await bulkInsert(
      tx,
      allocations,
      shares.map((s) => ({
        organizationId: orgId,
        targetKind: kind,
        targetId: s.targetId,
        updatedBy: userId,
      })),
    );
    await bulkInsert(tx, allocationShares, shares);
  }
  return warnings;
}
