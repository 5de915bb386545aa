import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { allocationShares, brands, entities } from '../../db/schema';
import { clearReferencesTo } from '../../db/clear-references';

export type EntityRow = typeof entities.$inferSelect;
export type EntityInsert = typeof entities.$inferInsert;
export type BrandRow = typeof brands.$inferSelect;
export type BrandInsert = typeof brands.$inferInsert;

/**
 * The default entity and brand every organization has (the "1 entity, 1 brand" of Starter and
 * Growth), named after it: made with the organization, in its transaction. A trigger on
 * `organizations` made them until issue 34: Citus runs a reference table's triggers on every node.
 */
export async function insertDefaultEntityAndBrand(
  db: DbOrTx,
  org: { id: string; name: string; currency: string },
) {
  const [entity] = await db
    .insert(entities)
    .values({ organizationId: org.id, name: org.name, functionalCurrency: org.currency, isDefault: true })
    .returning({ id: entities.id });
  await db
    .insert(brands)
    .values({ organizationId: org.id, name: org.name, entityId: entity!.id, isDefault: true });
}

// Correlated subqueries name the outer table's columns in full: drizzle writes a column of the
// queried table unqualified, which inside the subquery would mean the inner table's.

/** Every entity (archived too), the default first, with its brands and allocations counted. */
export async function listEntities(db: DbOrTx, orgId: string, id?: string) {
  return db
    .select({
      entity: entities,
      // A brand with no owning entity belongs to the default one.
      brandCount: sql<number>`(select count(*)::int from ${brands} b
        where b.organization_id = entities.organization_id
          and (b.entity_id = entities.id or (b.entity_id is null and entities.is_default)))`,
      // Targets (applications, expenses…) with a share naming it.
      allocationCount: sql<number>`(select count(distinct (s.target_kind, s.target_id))::int
        from ${allocationShares} s where s.organization_id = entities.organization_id and s.entity_id = entities.id)`,
    })
    .from(entities)
    .where(and(eq(entities.organizationId, orgId), id ? eq(entities.id, id) : undefined))
    .orderBy(desc(entities.isDefault), asc(sql`lower(${entities.name})`));
}
export type EntityListRow = Awaited<ReturnType<typeof listEntities>>[number];

/** Every brand (archived too), the default first, with allocations and own people counted. */
export async function listBrands(db: DbOrTx, orgId: string, id?: string) {
  return db
    .select({
      brand: brands,
      allocationCount: sql<number>`(select count(distinct (s.target_kind, s.target_id))::int
        from ${allocationShares} s where s.organization_id = brands.organization_id and s.brand_id = brands.id)`,
    })
    .from(brands)
    .where(and(eq(brands.organizationId, orgId), id ? eq(brands.id, id) : undefined))
    .orderBy(desc(brands.isDefault), asc(sql`lower(${brands.name})`));
}
export type BrandListRow = Awaited<ReturnType<typeof listBrands>>[number];

export async function findEntity(db: DbOrTx, orgId: string, id: string): Promise<EntityRow | null> {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.organizationId, orgId), eq(entities.id, id)));
  return row ?? null;
}

export async function findBrand(db: DbOrTx, orgId: string, id: string): Promise<BrandRow | null> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.organizationId, orgId), eq(brands.id, id)));
  return row ?? null;
}

/** Locks the organization's entities (or brands) so concurrent creates are counted one after another. */
export async function countLive(db: DbOrTx, orgId: string, table: typeof entities | typeof brands) {
  await db.execute(sql`select 1 from ${table} where organization_id = ${orgId} for update`);
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.organizationId, orgId), isNull(table.archivedAt)));
  return row?.n ?? 0;
}

/** The parent chain of an entity, nearest first (to refuse a cycle). */
export async function ancestorIds(db: DbOrTx, orgId: string, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${entities} where organization_id = ${orgId} and id = ${id}
      union all
      select e.id, e.parent_id, up.depth + 1 from ${entities} e
        join up on e.id = up.parent_id and e.organization_id = ${orgId}
      where up.depth < 100
    )
    select id::text from up`);
  return (result.rows as Array<{ id: string }>).map((r) => r.id);
}

export async function insertEntity(db: DbOrTx, values: EntityInsert) {
  const [row] = await db.insert(entities).values(values).returning();
  return row!;
}

export async function updateEntity(db: DbOrTx, orgId: string, id: string, values: Partial<EntityInsert>) {
  await db
    .update(entities)
    .set(values)
    .where(and(eq(entities.organizationId, orgId), eq(entities.id, id)));
}

export async function deleteEntity(db: DbOrTx, orgId: string, id: string) {
  await clearReferencesTo(db, entities, orgId, [id]);
  await db.delete(entities).where(and(eq(entities.organizationId, orgId), eq(entities.id, id)));
}

export async function insertBrand(db: DbOrTx, values: BrandInsert) {
  const [row] = await db.insert(brands).values(values).returning();
  return row!;
}

export async function updateBrand(db: DbOrTx, orgId: string, id: string, values: Partial<BrandInsert>) {
  await db
    .update(brands)
    .set(values)
    .where(and(eq(brands.organizationId, orgId), eq(brands.id, id)));
}

export async function deleteBrand(db: DbOrTx, orgId: string, id: string) {
  await clearReferencesTo(db, brands, orgId, [id]);
  await db.delete(brands).where(and(eq(brands.organizationId, orgId), eq(brands.id, id)));
}
