import { notArchived } from '../../db/live-applications';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SettingsList } from '../../../common/contracts/settings-lists';
import { bulkInsert, inJsonList } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { settingsItems, subscriptions } from '../../db/schema';
import { everyColumnOf, subqueryBuilder } from '../../db/sql-helpers';
import { DEFAULT_CATEGORIES } from '../../../common/contracts/settings-lists';
import { clearReferencesTo } from '../../db/clear-references';

/** The organization's items of one list (every column) as a join-able subquery. */
export function settingsItemsOf<A extends string>(orgId: string, list: SettingsList, alias: A) {
  return everyColumnOf(
    settingsItems,
    and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, list))!,
    alias,
  );
}

/** Only the id and name of one settings list's items: the join a list shows (hot path). */
export function settingsItemNamesOf<A extends string>(orgId: string, list: SettingsList, alias: A) {
  return subqueryBuilder
    .select({ id: settingsItems.id, name: settingsItems.name })
    .from(settingsItems)
    .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, list)))
    .as(alias);
}

/** Where applications reference each list: a single id column or an id array. */
const REFERENCE = {
  categories: { column: subscriptions.categoryId, array: false },
  'payment-methods': { column: subscriptions.paymentMethodId, array: false },
  tags: { column: subscriptions.tagIds, array: true },
  'use-cases': { column: subscriptions.useCaseIds, array: true },
  projects: { column: subscriptions.projectIds, array: true },
} as const;

function references(list: SettingsList, itemId: unknown) {
  const ref = REFERENCE[list];
  return ref.array ? sql`${itemId} = any(${ref.column})` : sql`${ref.column} = ${itemId}`;
}

/**
 * The list's items, by name, each with the number of live applications using it. The usage is
 * counted in one pass over the organization's applications (not one count per item).
 */
export async function listItems(db: DbOrTx, orgId: string, list: SettingsList) {
  const ref = REFERENCE[list];
  const refId = ref.array ? sql<string>`unnest(${ref.column})` : sql<string>`${ref.column}`;
  const refs = db
    .select({ id: refId.as('ref_id') })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), notArchived(subscriptions)))
    .as('refs');
  const usage = db
    .select({ id: refs.id, count: sql<number>`count(*)::int`.as('usage_count') })
    .from(refs)
    .groupBy(refs.id)
    .as('usage');
  return db
    .select({
      id: settingsItems.id,
      name: settingsItems.name,
      color: settingsItems.color,
      createdAt: settingsItems.createdAt,
      usageCount: sql<number>`coalesce(${usage.count}, 0)`,
    })
    .from(settingsItems)
    .leftJoin(usage, eq(usage.id, settingsItems.id))
    .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, list)))
    .orderBy(asc(sql`lower(${settingsItems.name})`));
}

export async function findItem(db: DbOrTx, orgId: string, list: SettingsList, id: string) {
  const [row] = await db
    .select()
    .from(settingsItems)
    .where(
      and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, list), eq(settingsItems.id, id)),
    );
  return row ?? null;
}

export async function findItemByName(db: DbOrTx, orgId: string, list: SettingsList, name: string) {
  const [row] = await db
    .select()
    .from(settingsItems)
    .where(
      and(
        eq(settingsItems.organizationId, orgId),
        eq(settingsItems.kind, list),
        eq(sql`lower(${settingsItems.name})`, name.toLowerCase()),
      ),
    );
  return row ?? null;
}

export async function insertItem(
  db: DbOrTx,
  orgId: string,
  list: SettingsList,
  values: { name: string; color?: string | null },
) {
  const [row] = await db
    .insert(settingsItems)
    .values({ organizationId: orgId, kind: list, name: values.name, color: values.color ?? null })
    .returning();
  return row;
}

export async function updateItem(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { name?: string; color?: string | null },
) {
  const [row] = await db
    .update(settingsItems)
    .set(values)
    .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.id, id)))
    .returning();
  return row ?? null;
}

/** Removes the item from every application (archived ones too), then deletes it; answers how many it left. */
export async function detachAndDelete(db: DbOrTx, orgId: string, list: SettingsList, id: string) {
  const ref = REFERENCE[list];
  const detached = await db
    .update(subscriptions)
    .set(
      ref.array
        ? { [columnKey(list)]: sql`array_remove(${ref.column}, ${id}::uuid)` }
        : { [columnKey(list)]: null },
    )
    .where(and(eq(subscriptions.organizationId, orgId), references(list, sql`${id}::uuid`)))
    .returning({ id: subscriptions.id });
  await clearReferencesTo(db, settingsItems, orgId, [id]);
  await db
    .delete(settingsItems)
    .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.id, id)));
  return detached.length;
}

function columnKey(
  list: SettingsList,
): 'categoryId' | 'paymentMethodId' | 'tagIds' | 'useCaseIds' | 'projectIds' {
  return (
    {
      categories: 'categoryId',
      'payment-methods': 'paymentMethodId',
      tags: 'tagIds',
      'use-cases': 'useCaseIds',
      projects: 'projectIds',
    } as const
  )[list];
}

/** Of `ids`, those that are items of this list in this organization. */
export async function existingIds(db: DbOrTx, orgId: string, list: SettingsList, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: settingsItems.id })
    .from(settingsItems)
    .where(
      and(
        eq(settingsItems.organizationId, orgId),
        eq(settingsItems.kind, list),
        inArray(settingsItems.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Names of the given items (any list) of this organization, by id. */
export async function namesById(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: settingsItems.id, name: settingsItems.name })
    .from(settingsItems)
    .where(and(eq(settingsItems.organizationId, orgId), inArray(settingsItems.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Ids for names (case-insensitive), creating the missing ones in one statement. Answers a map from
 * lower-cased name to id, and how many were created. Safe against a concurrent insert of the same name.
 */
export async function findOrCreateItems(db: DbOrTx, orgId: string, list: SettingsList, names: string[]) {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed && !wanted.has(trimmed.toLowerCase())) wanted.set(trimmed.toLowerCase(), trimmed);
  }
  const result = new Map<string, string>();
  if (wanted.size === 0) return { ids: result, created: 0 };
  const load = async () => {
    const rows = await db
      .select({ id: settingsItems.id, name: settingsItems.name })
      .from(settingsItems)
      .where(
        and(
          eq(settingsItems.organizationId, orgId),
          eq(settingsItems.kind, list),
          inJsonList(sql`lower(${settingsItems.name})`, [...wanted.keys()]),
        ),
      );
    for (const row of rows) result.set(row.name.toLowerCase(), row.id);
  };
  await load();
  const missing = [...wanted].filter(([key]) => !result.has(key));
  const before = result.size;
  if (missing.length > 0) {
    await bulkInsert(
      db,
      settingsItems,
      missing.map(([, name]) => ({ organizationId: orgId, kind: list, name })),
      { onConflictDoNothing: true },
    );
    await load();
  }
  const created = result.size - before;
  return { ids: result, created };
}

/** The starting lists of a new organization: the default categories. Call inside its creating transaction. */
export async function seedOrganizationDefaults(db: DbOrTx, orgId: string): Promise<void> {
  await db
    .insert(settingsItems)
    .values(DEFAULT_CATEGORIES.map((name) => ({ organizationId: orgId, kind: 'categories' as const, name })))
    .onConflictDoNothing();
}
