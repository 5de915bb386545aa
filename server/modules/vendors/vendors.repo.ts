import { liveStatusList, notArchived } from '../../db/live-applications';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { bulkInsert, inJsonList } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { subscriptions, vendors } from '../../db/schema';
import { escapeLike, everyColumnOf, subqueryBuilder } from '../../db/sql-helpers';
import { clearReferencesTo } from '../../db/clear-references';

export type VendorRow = typeof vendors.$inferSelect;
/** The organization's vendors (every column) as a join-able subquery. */
export function vendorsOf<A extends string = 'vendor'>(orgId: string, alias = 'vendor' as A) {
  return everyColumnOf(vendors, eq(vendors.organizationId, orgId), alias);
}

/** Only the id and name of the organization's vendors: the join a list shows or sorts by (hot path). */
export function vendorNamesOf<A extends string = 'vendor'>(orgId: string, alias = 'vendor' as A) {
  return subqueryBuilder
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.organizationId, orgId))
    .as(alias);
}

export type VendorValues = Partial<Omit<typeof vendors.$inferInsert, 'id' | 'organizationId' | 'createdAt'>>;

/** Per-vendor count of live applications and their spend in `currency`. */
function statsSubquery(db: DbOrTx, orgId: string, currency: string) {
  const spending = sql`${subscriptions.status} in ${liveStatusList} and ${subscriptions.currency} = ${currency}`;
  return db
    .select({
      vendorId: subscriptions.vendorId,
      applicationsCount: sql<number>`count(*)::int`.as('applications_count'),
      monthlyMinor:
        sql<number>`coalesce(sum(case when ${spending} then ${subscriptions.monthlyCostMinor} else 0 end), 0)`
          .mapWith(Number)
          .as('monthly_minor'),
      annualMinor:
        sql<number>`coalesce(sum(case when ${spending} then ${subscriptions.annualCostMinor} else 0 end), 0)`
          .mapWith(Number)
          .as('annual_minor'),
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), notArchived(subscriptions)))
    .groupBy(subscriptions.vendorId)
    .as('vendor_stats');
}

export interface VendorListFilter {
  q?: string;
  sort: 'name' | 'applications' | 'monthlySpend';
  order: 'asc' | 'desc';
  id?: string;
}

export async function listVendorsWithStats(
  db: DbOrTx,
  orgId: string,
  currency: string,
  filter: VendorListFilter,
) {
  const stats = statsSubquery(db, orgId, currency);
  const dir = filter.order === 'desc' ? desc : asc;
  const sortColumn: SQL =
    filter.sort === 'applications'
      ? sql`coalesce(${stats.applicationsCount}, 0)`
      : filter.sort === 'monthlySpend'
        ? sql`coalesce(${stats.monthlyMinor}, 0)`
        : sql`lower(${vendors.name})`;
  const rows = await db
    .select({
      vendor: vendors,
      applicationsCount: sql<number>`coalesce(${stats.applicationsCount}, 0)`.mapWith(Number),
      monthlyMinor: sql<number>`coalesce(${stats.monthlyMinor}, 0)`.mapWith(Number),
      annualMinor: sql<number>`coalesce(${stats.annualMinor}, 0)`.mapWith(Number),
    })
    .from(vendors)
    .leftJoin(stats, eq(stats.vendorId, vendors.id))
    .where(
      and(
        eq(vendors.organizationId, orgId),
        filter.id ? eq(vendors.id, filter.id) : undefined,
        filter.q ? ilike(vendors.name, `%${escapeLike(filter.q)}%`) : undefined,
      ),
    )
    .orderBy(dir(sortColumn), asc(vendors.id));
  return rows.map((r) => ({
    ...r.vendor,
    applicationsCount: r.applicationsCount,
    monthlyMinor: r.monthlyMinor,
    annualMinor: r.annualMinor,
    currency,
  }));
}

export async function findVendor(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.organizationId, orgId), eq(vendors.id, id)));
  return row ?? null;
}

export async function findVendorByName(db: DbOrTx, orgId: string, name: string) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(
      and(eq(vendors.organizationId, orgId), eq(sql`lower(${vendors.name})`, name.trim().toLowerCase())),
    );
  return row ?? null;
}

export async function insertVendor(db: DbOrTx, orgId: string, values: VendorValues & { name: string }) {
  const [row] = await db
    .insert(vendors)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row;
}

export async function updateVendor(db: DbOrTx, orgId: string, id: string, values: VendorValues, now: Date) {
  const [row] = await db
    .update(vendors)
    .set({ ...values, updatedAt: now })
    .where(and(eq(vendors.organizationId, orgId), eq(vendors.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the vendor, clearing the applications' and expenses' references to it first. */
export async function deleteVendor(db: DbOrTx, orgId: string, id: string) {
  await clearReferencesTo(db, vendors, orgId, [id]);
  await db.delete(vendors).where(and(eq(vendors.organizationId, orgId), eq(vendors.id, id)));
}

export interface VendorSeed {
  name: string;
  domain?: string | null;
  website?: string | null;
}

/**
 * Vendor ids by lower-cased name, creating missing vendors in one statement (case-insensitive, safe
 * against a concurrent insert of the same name). Answers the map and how many were created.
 */
export async function findOrCreateVendors(db: DbOrTx, orgId: string, seeds: VendorSeed[]) {
  const wanted = new Map<string, VendorSeed>();
  for (const seed of seeds) {
    const name = seed.name.trim();
    if (name && !wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), { ...seed, name });
  }
  const ids = new Map<string, string>();
  if (wanted.size === 0) return { ids, created: 0 };
  const load = async () => {
    const rows = await db
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(
        and(eq(vendors.organizationId, orgId), inJsonList(sql`lower(${vendors.name})`, [...wanted.keys()])),
      );
    for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  };
  await load();
  const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, seed]) => seed);
  const before = ids.size;
  await bulkInsert(
    db,
    vendors,
    missing.map((s) => ({
      organizationId: orgId,
      name: s.name,
      domain: s.domain ?? null,
      website: s.website ?? null,
    })),
    { onConflictDoNothing: true },
  );
  if (missing.length > 0) await load();
  const created = ids.size - before;
  return { ids, created };
}

/** Live applications of a vendor, for the detail page. */
export async function vendorApplications(db: DbOrTx, orgId: string, vendorId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        eq(subscriptions.vendorId, vendorId),
        notArchived(subscriptions),
      ),
    )
    .orderBy(asc(sql`lower(${subscriptions.name})`));
}

export async function countVendorApplications(db: DbOrTx, orgId: string, vendorId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        eq(subscriptions.vendorId, vendorId),
        notArchived(subscriptions),
      ),
    );
  return row?.count ?? 0;
}
