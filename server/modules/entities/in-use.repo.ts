// What uses an entity or a brand (a delete is refused while anything does), and moving every use
// to another one so the delete can go ahead.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { allocationShares, brandRevenue, brands, departmentAllocations, entities } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { plural } from '../../../common/wording';
import { entitiesNeeds, type OwnerKind } from './needs';

export interface Use {
  kind: string;
  count: number;
}

const LABELS: Record<string, [string, string]> = {
  allocations: ['allocation', 'allocations'],
  brands: ['brand', 'brands'],
  people: ['person', 'people'],
  departmentMappings: ['department mapping', 'department mappings'],
  budgets: ['budget', 'budgets'],
  childEntities: ['child entity', 'child entities'],
  revenueMonths: ['month of revenue', 'months of revenue'],
};

async function countWhere(db: DbOrTx, query: ReturnType<typeof sql>) {
  const result = await db.execute(sql`select count(*)::int as n from (${query}) q`);
  return (result.rows[0] as { n: number }).n;
}

/** The order uses are listed in, entities' own and other modules' (people, budgets) together. */
const ORDER = [
  'allocations',
  'people',
  'departmentMappings',
  'budgets',
  'brands',
  'childEntities',
  'revenueMonths',
];
const byOrder = (a: string, b: string) => ORDER.indexOf(a) - ORDER.indexOf(b);

/** Every kind of use of the entity or brand with how many, leaving out the kinds with none. */
export async function usesOf(db: DbOrTx, orgId: string, kind: OwnerKind, id: string): Promise<Use[]> {
  const shareColumn = kind === 'entity' ? allocationShares.entityId : allocationShares.brandId;
  const mappingColumn = kind === 'entity' ? departmentAllocations.entityId : departmentAllocations.brandId;
  const counts: Record<string, number> = {
    allocations: await countWhere(
      db,
      sql`select distinct target_kind, target_id from ${allocationShares}
        where organization_id = ${orgId} and ${shareColumn} = ${id}`,
    ),
    departmentMappings: await countWhere(
      db,
      sql`select 1 from ${departmentAllocations} where organization_id = ${orgId} and ${mappingColumn} = ${id}`,
    ),
  };
  for (const use of entitiesNeeds.use().uses) counts[use.kind] = await use.count(db, orgId, kind, id);
  if (kind === 'entity') {
    counts.brands = await countWhere(
      db,
      sql`select 1 from ${brands} where organization_id = ${orgId} and entity_id = ${id}`,
    );
    counts.childEntities = await countWhere(
      db,
      sql`select 1 from ${entities} where organization_id = ${orgId} and parent_id = ${id}`,
    );
  } else {
    counts.revenueMonths = await countWhere(
      db,
      sql`select 1 from ${brandRevenue} where organization_id = ${orgId} and brand_id = ${id}`,
    );
  }
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => byOrder(a, b))
    .map(([use, count]) => ({ kind: use, count }));
}

/** "Acme GmbH is used by 3 allocations and 1 person." */
export function describeUses(name: string, uses: Use[]): string {
  const parts = uses.map((u) => `${u.count} ${LABELS[u.kind]![u.count === 1 ? 0 : 1]}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${name} is used by ${list}. Move them to another one first, or delete it with reassignTo.`;
}

/** 409 `in_use`; the body's `details` is the contract's `usageDetails`. */
export function inUse(name: string, uses: Use[]) {
  return new AppError('in_use', describeUses(name, uses), { details: { uses } });
}

/**
 * Moves every use of `fromId` to `toId` in the caller's transaction: allocation shares (a target
 * that already has a share of the destination gets the two added together), people, department
 * mappings, scoped budgets, and an entity's brands and children or a brand's revenue.
 */
export async function moveUses(db: DbOrTx, orgId: string, kind: OwnerKind, fromId: string, toId: string) {
  const shareColumn = sql.raw(kind === 'entity' ? 'entity_id' : 'brand_id');
  await db.execute(sql`
    insert into ${allocationShares} (organization_id, target_kind, target_id, entity_id, brand_id, basis_points)
    select organization_id, target_kind, target_id,
      ${kind === 'entity' ? sql`${toId}::uuid` : sql`entity_id`},
      ${kind === 'brand' ? sql`${toId}::uuid` : sql`brand_id`}, basis_points
    from ${allocationShares} where organization_id = ${orgId} and ${shareColumn} = ${fromId}
    on conflict (organization_id, target_kind, target_id, entity_id, brand_id)
    do update set basis_points = ${allocationShares}.basis_points + excluded.basis_points`);
  await db.execute(
    sql`delete from ${allocationShares} where organization_id = ${orgId} and ${shareColumn} = ${fromId}`,
  );
  await db.execute(sql`update ${departmentAllocations} set ${shareColumn} = ${toId}
    where organization_id = ${orgId} and ${shareColumn} = ${fromId}`);
  for (const use of entitiesNeeds.use().uses) await use.move(db, orgId, kind, fromId, toId);
  if (kind === 'entity') {
    await db
      .update(brands)
      .set({ entityId: toId })
      .where(and(eq(brands.organizationId, orgId), eq(brands.entityId, fromId)));
    await db
      .update(entities)
      .set({ parentId: toId })
      .where(and(eq(entities.organizationId, orgId), eq(entities.parentId, fromId)));
  } else {
    await moveRevenue(db, orgId, fromId, toId);
  }
}

/** A month both brands have revenue for is added together; in two currencies it cannot be. */
async function moveRevenue(db: DbOrTx, orgId: string, fromId: string, toId: string) {
  const clash = await countWhere(
    db,
    sql`select 1 from ${brandRevenue} f join ${brandRevenue} t
      on t.organization_id = f.organization_id and t.brand_id = ${toId} and t.month = f.month
      where f.organization_id = ${orgId} and f.brand_id = ${fromId} and t.currency <> f.currency`,
  );
  if (clash > 0)
    throw conflict(
      `${plural(clash, 'month')} of revenue ${clash === 1 ? 'is' : 'are'} in another currency than the brand they would move to; change them first.`,
    );
  await db.execute(sql`
    insert into ${brandRevenue} (organization_id, brand_id, month, amount_minor, currency, updated_by, updated_at)
    select organization_id, ${toId}::uuid, month, amount_minor, currency, updated_by, updated_at
    from ${brandRevenue} where organization_id = ${orgId} and brand_id = ${fromId}
    on conflict (organization_id, brand_id, month)
    do update set amount_minor = ${brandRevenue}.amount_minor + excluded.amount_minor`);
  await db.execute(
    sql`delete from ${brandRevenue} where organization_id = ${orgId} and brand_id = ${fromId}`,
  );
}
