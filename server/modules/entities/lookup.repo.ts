// Entities and brands as other modules need them: plain lists, names by id, and a check of the
// entity and brand a person (or an imported row) names.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, entities } from '../../db/schema';
import { invalidFields } from '../../errors';

/** The organization's entities (archived too), the default first. */
export async function listEntities(db: DbOrTx, orgId: string) {
  return db
    .select({
      id: entities.id,
      name: entities.name,
      functionalCurrency: entities.functionalCurrency,
      parentId: entities.parentId,
      isDefault: entities.isDefault,
      archived: sql<boolean>`${entities.archivedAt} is not null`,
    })
    .from(entities)
    .where(eq(entities.organizationId, orgId))
    .orderBy(sql`${entities.isDefault} desc`, asc(entities.name));
}

/**
 * The organization's brands with their entity's name, the default first: every one (archived too),
 * only the live ones (`live`), or the one brand `id` (archived or not).
 */
export async function listBrands(db: DbOrTx, orgId: string, options: { id?: string; live?: boolean } = {}) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      color: brands.color,
      entityId: brands.entityId,
      entityName: entities.name,
      logoKey: brands.logoKey,
      isDefault: brands.isDefault,
      archived: sql<boolean>`${brands.archivedAt} is not null`,
    })
    .from(brands)
    .leftJoin(
      entities,
      and(eq(entities.organizationId, brands.organizationId), eq(entities.id, brands.entityId)),
    )
    .where(
      and(
        eq(brands.organizationId, orgId),
        options.id ? eq(brands.id, options.id) : undefined,
        options.live ? isNull(brands.archivedAt) : undefined,
      ),
    )
    .orderBy(sql`${brands.isDefault} desc`, asc(brands.name));
}

/** Names of every entity and brand of the organization, by id. */
export async function entityAndBrandNames(db: DbOrTx, orgId: string) {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const entityRows = await listEntities(db, orgId);
  const brandRows = await listBrands(db, orgId);
  return {
    entities: new Map(entityRows.map((e) => [e.id, e.name])),
    brands: new Map(brandRows.map((b) => [b.id, b.name])),
  };
}

/** 400 unless each given id is a live (not archived) entity or brand of the organization. */
export async function assertUsableAllocation(
  db: DbOrTx,
  orgId: string,
  ids: { entityId?: string | null; brandId?: string | null },
) {
  const problems: Array<{ field: string; message: string }> = [];
  const live = async (table: typeof entities | typeof brands, id: string) => {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, orgId), eq(table.id, id), sql`${table.archivedAt} is null`));
    return Boolean(row);
  };
  if (ids.entityId && !(await live(entities, ids.entityId)))
    problems.push({ field: 'entityId', message: 'No such entity, or it is archived' });
  if (ids.brandId && !(await live(brands, ids.brandId)))
    problems.push({ field: 'brandId', message: 'No such brand, or it is archived' });
  if (problems.length > 0) throw invalidFields(problems);
}

/** The organization's default entity and brand (made with it by a trigger, so always there). */
export async function defaultEntityAndBrand(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ entityId: entities.id, brandId: brands.id })
    .from(entities)
    .innerJoin(brands, and(eq(brands.organizationId, orgId), eq(brands.isDefault, true)))
    .where(and(eq(entities.organizationId, orgId), eq(entities.isDefault, true)));
  if (!row) throw new Error(`Organization ${orgId} has no default entity and brand`);
  return row;
}
