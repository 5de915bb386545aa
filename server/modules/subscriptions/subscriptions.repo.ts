import { hasLiveStatus, notArchived } from '../../db/live-applications';
import { publishEvent } from '../../lib/events/publish';
import { renewalWindow } from '../../../common/renewal-window';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { type SubscriptionSort, type SubscriptionStatus } from '../../../common/contracts/subscriptions';
import type { DbOrTx } from '../../db/client';
import { subscriptionPriceChanges, subscriptions, subscriptionTotals } from '../../db/schema';
import { bulkInsert, inChunks } from '../../db/bulk-insert';
import { escapeLike, everyColumnOf, subqueryBuilder } from '../../db/sql-helpers';
import { auditLogOf } from '../audit';
import { allocatedTo, allocationWeighted } from '../entities';
import { convertedMinor } from '../fx-rates';
import { membersOf, userNames } from '../organizations';
import { settingsItemNamesOf } from '../settings-lists';
import { vendorNamesOf } from '../vendors';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type NewPriceChangeRow = typeof subscriptionPriceChanges.$inferInsert;

/** The organization's applications (every column) as a join-able subquery. */
export function subscriptionsOf<A extends string = 'apps'>(orgId: string, alias = 'apps' as A) {
  return everyColumnOf(subscriptions, eq(subscriptions.organizationId, orgId), alias);
}

/**
 * The organizations in which the user owns applications. Across organizations (a user may belong to
 * several): on Citus a query of every shard, run only when a user's name or e-mail changes.
 */
export async function organizationsWithApplicationsOwnedBy(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orgId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.ownerUserId, userId));
  return rows.map((row) => row.orgId);
}

/** Whether the organization has this application (archived ones too). */
export async function subscriptionExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)));
  return Boolean(row);
}

/**
 * Every organization's application names as a join-able subquery, for rows that span
 * organizations (deliveries): join on organization and id.
 */
export function applicationNames<A extends string = 'app'>(alias = 'app' as A) {
  return subqueryBuilder
    .select({ id: subscriptions.id, organizationId: subscriptions.organizationId, name: subscriptions.name })
    .from(subscriptions)
    .as(alias);
}

/** The organization's price history (every column) as a join-able subquery. */
export function priceChangesOf<A extends string = 'price_changes'>(
  orgId: string,
  alias = 'price_changes' as A,
) {
  return everyColumnOf(subscriptionPriceChanges, eq(subscriptionPriceChanges.organizationId, orgId), alias);
}

/** Inserts many applications in bulk statements (imports); rows carry their ids. */
export async function bulkInsertSubscriptions(db: DbOrTx, rows: Array<NewSubscriptionRow & { id: string }>) {
  await bulkInsert(db, subscriptions, rows);
}

/** The owners' pieces an application is shown with, joined by id (one statement). */
function neighbours(orgId: string) {
  return {
    vendor: vendorNamesOf(orgId),
    owner: userNames('owner'),
    category: settingsItemNamesOf(orgId, 'categories', 'category'),
    paymentMethod: settingsItemNamesOf(orgId, 'payment-methods', 'payment_method'),
  };
}

function selectJoined(db: DbOrTx, orgId: string) {
  const { vendor, owner, category, paymentMethod } = neighbours(orgId);
  return db
    .select({
      ...getTableColumns(subscriptions),
      vendorName: vendor.name,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      categoryName: category.name,
      paymentMethodName: paymentMethod.name,
    })
    .from(subscriptions)
    .leftJoin(vendor, eq(vendor.id, subscriptions.vendorId))
    .leftJoin(owner, eq(owner.id, subscriptions.ownerUserId))
    .leftJoin(category, eq(category.id, subscriptions.categoryId))
    .leftJoin(paymentMethod, eq(paymentMethod.id, subscriptions.paymentMethodId));
}
export type JoinedSubscriptionRow = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

export interface SubscriptionFilter {
  q?: string;
  status?: SubscriptionStatus;
  categoryId?: string;
  tagId?: string;
  ownerUserId?: string;
  department?: string;
  vendorId?: string;
  paymentMethodId?: string;
  renewalWithinDays?: number;
  autoRenew?: boolean;
  archived: 'false' | 'true' | 'all';
  entityId?: string;
  brandId?: string;
}

/** WHERE of the list, export and totals (on the subscriptions table alone). */
export function filterConditions(orgId: string, f: SubscriptionFilter, today: string): SQL | undefined {
  const s = subscriptions;
  const like = f.q ? `%${escapeLike(f.q)}%` : null;
  const matching = like ? vendorNamesOf(orgId, 'matching_vendor') : null;
  return and(
    eq(s.organizationId, orgId),
    f.archived === 'false' ? notArchived(s) : f.archived === 'true' ? isNotNull(s.archivedAt) : undefined,
    like && matching
      ? or(
          sql`${s.name} ilike ${like}`,
          sql`${s.vendorId} in (select ${matching.id} from ${matching} where ${matching.name} ilike ${like})`,
          sql`${s.department} ilike ${like}`,
          sql`${s.notes} ilike ${like}`,
        )
      : undefined,
    f.status ? eq(s.status, f.status) : undefined,
    f.categoryId ? eq(s.categoryId, f.categoryId) : undefined,
    f.tagId ? sql`${f.tagId}::uuid = any(${s.tagIds})` : undefined,
    f.ownerUserId ? eq(s.ownerUserId, f.ownerUserId) : undefined,
    f.department ? sql`lower(${s.department}) = ${f.department.toLowerCase()}` : undefined,
    f.vendorId ? eq(s.vendorId, f.vendorId) : undefined,
    f.paymentMethodId ? eq(s.paymentMethodId, f.paymentMethodId) : undefined,
    f.autoRenew !== undefined ? eq(s.autoRenew, f.autoRenew) : undefined,
    // "Renewing in the next N days": the definition the dashboard and Renewals use.
    f.renewalWithinDays !== undefined
      ? and(
          hasLiveStatus(s),
          sql`${s.nextRenewalDate} between ${renewalWindow(today, f.renewalWithinDays).from}::date and ${renewalWindow(today, f.renewalWithinDays).to}::date`,
        )
      : undefined,
    allocatedTo(orgId, 'subscription', s.id, f),
  );
}

/**
 * ORDER BY for a sort. Name, monthly cost, creation and ascending renewal date follow an index
 * (organization, archived, key, id), so a page is read in order; id keeps pages stable.
 */
type Vendors = ReturnType<typeof vendorNamesOf>;

function orderBy(sort: SubscriptionSort, order: 'asc' | 'desc', vendor: Vendors): SQL[] {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  const s = subscriptions;
  switch (sort) {
    case 'name':
      return [sql`lower(${s.name}) ${dir}`, sql`${s.id} ${dir}`];
    case 'monthlyCost':
      return [sql`${s.monthlyCostMinor} ${dir}`, sql`${s.id} ${dir}`];
    case 'createdAt':
      return [sql`${s.createdAt} ${dir}`, sql`${s.id} ${dir}`];
    case 'renewalDate': // applications without a renewal date last, both ways
      return [sql`${s.nextRenewalDate} ${dir} nulls last`, sql`${s.id} ${dir}`];
    case 'status':
      return [sql`${s.status} ${dir}`, sql`lower(${s.name}) asc`, sql`${s.id} asc`];
    case 'vendor':
      return [sql`lower(${vendor.name}) ${dir} nulls last`, sql`lower(${s.name}) asc`, sql`${s.id} asc`];
  }
}

type ListFilter = SubscriptionFilter & { sort: SubscriptionSort; order: 'asc' | 'desc' };

/**
 * One page in one round trip: the page's ids come from the subscriptions table alone (index order,
 * no joins unless sorting by vendor), then only those 50 rows are joined and re-sorted. `= any(array(…))`
 * rather than `in (…)`: the planner then fetches the page's rows by primary key, where `in` made it
 * hash-join a scan of the whole organization (4 of 4.2 ms at 5,000 applications).
 */
export async function listSubscriptionsPage(
  db: DbOrTx,
  orgId: string,
  filter: ListFilter,
  today: string,
  page: { limit: number; offset: number },
) {
  const sortVendor = vendorNamesOf(orgId, 'sort_vendor');
  const base = db.select({ id: subscriptions.id }).from(subscriptions);
  const withVendor =
    filter.sort === 'vendor' ? base.leftJoin(sortVendor, eq(sortVendor.id, subscriptions.vendorId)) : base;
  const ids = withVendor
    .where(filterConditions(orgId, filter, today))
    .orderBy(...orderBy(filter.sort, filter.order, sortVendor))
    .limit(page.limit)
    .offset(page.offset);
  // vendorNamesOf(orgId) renders as the "vendor" selectJoined joins.
  return selectJoined(db, orgId)
    .where(and(eq(subscriptions.organizationId, orgId), sql`${subscriptions.id} = any(array(${ids}))`))
    .orderBy(...orderBy(filter.sort, filter.order, vendorNamesOf(orgId)));
}

/** Every matching application, joined and sorted (exports). */
export async function listAllSubscriptions(db: DbOrTx, orgId: string, filter: ListFilter, today: string) {
  return selectJoined(db, orgId)
    .where(filterConditions(orgId, filter, today))
    .orderBy(...orderBy(filter.sort, filter.order, vendorNamesOf(orgId)));
}

/** Filter keys the rollup answers (the list's default view and its status tabs); any other filter scans. */
const ROLLUP_KEYS = new Set(['archived', 'status', 'sort', 'order', 'page', 'pageSize']);

/**
 * Count and spend of the filtered set, per currency (spend: active and trial applications only),
 * each sum also converted into `to` at the rates of `today` in the same statement (the list's
 * totals come back in one round trip; convertedSpendOf reads them).
 */
export async function totalsByCurrency(
  db: DbOrTx,
  orgId: string,
  filter: SubscriptionFilter,
  today: string,
  to: string,
) {
  const answered = Object.entries(filter).every(
    ([key, value]) => value === undefined || ROLLUP_KEYS.has(key),
  );
  const convert = (currency: AnyColumn) => (amount: SQL) =>
    convertedMinor(orgId, amount, currency, to, today);
  return answered
    ? rollupTotals(db, orgId, filter, convert(subscriptionTotals.currency))
    : scannedTotals(db, orgId, filter, today, convert(subscriptions.currency));
}

/** Monthly and annual sums of minor units, each also in the organization's currency (text; null without a rate). */
function spendColumns(monthly: SQL, annual: SQL, convert: (amount: SQL) => SQL<string | null>) {
  return {
    monthlyMinor: sql<number>`${monthly}`.mapWith(Number),
    annualMinor: sql<number>`${annual}`.mapWith(Number),
    monthlyConverted: convert(monthly),
    annualConverted: convert(annual),
  };
}

/** From the per-organization rollup the subscriptions triggers keep (migration 0015): no scan. */
function rollupTotals(
  db: DbOrTx,
  orgId: string,
  filter: Pick<SubscriptionFilter, 'archived' | 'status'>,
  convert: (amount: SQL) => SQL<string | null>,
) {
  const t = subscriptionTotals;
  const spending = hasLiveStatus(t);
  return db
    .select({
      currency: t.currency,
      count: sql<number>`sum(${t.count})::int`,
      ...spendColumns(
        sql`sum(case when ${spending} then ${t.monthlyMinor} else 0 end)`,
        sql`sum(case when ${spending} then ${t.annualMinor} else 0 end)`,
        convert,
      ),
    })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        filter.archived === 'all' ? undefined : eq(t.archived, filter.archived === 'true'),
        filter.status ? eq(t.status, filter.status) : undefined,
      ),
    )
    .groupBy(t.currency)
    .having(sql`sum(${t.count}) > 0`)
    .orderBy(asc(t.currency));
}

function scannedTotals(
  db: DbOrTx,
  orgId: string,
  filter: SubscriptionFilter,
  today: string,
  convert: (amount: SQL) => SQL<string | null>,
) {
  const spending = hasLiveStatus(subscriptions);
  // Cut by entity/brand, each application counts with its share there: a split one is never counted twice.
  const share = allocationWeighted(orgId, 'subscription', subscriptions.id, filter);
  const spend = (cost: AnyColumn) =>
    sql`coalesce(sum(case when ${spending} then ${share(cost)} else 0 end), 0)`;
  return db
    .select({
      currency: subscriptions.currency,
      count: sql<number>`count(*)::int`,
      ...spendColumns(spend(subscriptions.monthlyCostMinor), spend(subscriptions.annualCostMinor), convert),
    })
    .from(subscriptions)
    .where(filterConditions(orgId, filter, today))
    .groupBy(subscriptions.currency)
    .orderBy(asc(subscriptions.currency));
}

export async function findJoined(db: DbOrTx, orgId: string, id: string) {
  const [row] = await selectJoined(db, orgId).where(
    and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)),
  );
  return row ?? null;
}

/** An application of the organization that is not archived, or null. */
export async function findSubscription(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id), notArchived(subscriptions)))
    .limit(1);
  return row ?? null;
}

export async function findForUpdate(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertSubscriptions(db: DbOrTx, rows: NewSubscriptionRow[]) {
  return inChunks(subscriptions, rows, (chunk) => db.insert(subscriptions).values(chunk).returning());
}

export async function updateSubscription(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<NewSubscriptionRow>,
) {
  const [row] = await db
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)))
    .returning();
  return row ?? null;
}

/** Live applications with their vendor's name: what an import's rows are matched against. */
export async function importMatchTargets(db: DbOrTx, orgId: string) {
  const vendor = vendorNamesOf(orgId);
  return db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      catalogSlug: subscriptions.catalogSlug,
      vendorName: vendor.name,
    })
    .from(subscriptions)
    .leftJoin(vendor, eq(vendor.id, subscriptions.vendorId))
    .where(and(eq(subscriptions.organizationId, orgId), notArchived(subscriptions)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

/** Live (not archived) applications: what the plan limit counts. */
export async function countLiveSubscriptions(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), notArchived(subscriptions)));
  return row?.count ?? 0;
}

/** Every application, archived ones included (the demo only fills an empty inventory). */
export async function countAllSubscriptions(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, orgId));
  return row?.count ?? 0;
}

/** Of `ids`, those that are applications of this organization (archived included). */
export async function existingSubscriptionIds(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: subscriptions.id, archivedAt: subscriptions.archivedAt, tagIds: subscriptions.tagIds })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), inArray(subscriptions.id, ids)));
}

/** Of `userIds`, those that are members of the organization. */
export async function memberIds(db: DbOrTx, orgId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const members = membersOf(orgId);
  const rows = await db.select({ id: members.userId }).from(members).where(inArray(members.userId, userIds));
  return new Set(rows.map((r) => r.id));
}

/** Members of the organization by lower-cased e-mail (imports map owner e-mails). */
export async function membersByEmail(db: DbOrTx, orgId: string) {
  const members = membersOf(orgId);
  return db
    .select({
      id: members.userId,
      email: members.email,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(members);
}

export async function insertPriceChanges(db: DbOrTx, rows: NewPriceChangeRow[]) {
  if (rows.length === 0) return;
  await bulkInsert(db, subscriptionPriceChanges, rows);
  // A change (not an application's first price) is an event others react to (insights, reports).
  const changed = rows.filter((r) => r.previous != null);
  for (const orgId of new Set(changed.map((r) => r.organizationId))) {
    const ofOrg = changed.filter((r) => r.organizationId === orgId);
    await publishEvent(
      db,
      orgId,
      'subscription.price_changed',
      {
        subscriptionIds: [...new Set(ofOrg.map((r) => r.subscriptionId))],
      },
      ofOrg[0]?.changedAt ?? new Date(),
    );
  }
}

export async function listPriceChanges(db: DbOrTx, orgId: string, subscriptionId: string) {
  const author = userNames('author');
  return (
    db
      .select({
        change: subscriptionPriceChanges,
        firstName: author.firstName,
        lastName: author.lastName,
        email: author.email,
      })
      .from(subscriptionPriceChanges)
      .leftJoin(author, eq(author.id, subscriptionPriceChanges.changedBy))
      .where(
        and(
          eq(subscriptionPriceChanges.organizationId, orgId),
          eq(subscriptionPriceChanges.subscriptionId, subscriptionId),
        ),
      )
      // By the day the price took effect (a charge recorded today may date from last month), then as recorded.
      .orderBy(
        desc(subscriptionPriceChanges.effectiveDate),
        desc(subscriptionPriceChanges.changedAt),
        desc(subscriptionPriceChanges.id),
      )
  );
}

/** The entry's fields the activity shows, and its author's names. */
function selectAudited(db: DbOrTx, orgId: string) {
  const log = auditLogOf(orgId);
  const author = userNames('author');
  const query = db
    .select({
      id: log.id,
      action: log.action,
      userId: log.userId,
      changes: log.changes,
      createdAt: log.createdAt,
      firstName: author.firstName,
      lastName: author.lastName,
      email: author.email,
    })
    .from(log)
    .leftJoin(author, eq(author.id, log.userId));
  return { log, query };
}

type Names = { firstName: string | null; lastName: string | null; email: string | null };
const withAuthor = <T extends Names>({ firstName, lastName, email, ...event }: T) => ({
  event,
  firstName,
  lastName,
  email,
});

export async function listActivity(db: DbOrTx, orgId: string, subscriptionId: string, limit = 200) {
  const { log, query } = selectAudited(db, orgId);
  return query
    .where(and(eq(log.entityType, 'subscription'), eq(log.entityId, subscriptionId)))
    .orderBy(desc(log.createdAt))
    .limit(limit)
    .then((rows) => rows.map(withAuthor));
}

/** The audit event of the import that created an application (its "created" entry). */
export async function findImportEvent(db: DbOrTx, orgId: string, importId: string) {
  const { log, query } = selectAudited(db, orgId);
  const [row] = await query
    .where(and(eq(log.entityType, 'import'), eq(log.entityId, importId), eq(log.action, 'import.commit')))
    .limit(1);
  return row ? withAuthor(row) : null;
}

export async function findUserName(db: DbOrTx, userId: string) {
  const user = userNames();
  const [row] = await db
    .select({ firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}
