// Reads everything the detectors need about one organization, through the owners' exports: one
// query per kind of record (applications, pools, open seats, people, price changes, decisions,
// flagged charges, recurring unmatched charges), whatever the organization's size.
import { displayName } from '../../../common/display-name';
import { and, asc, eq, gte, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BillingCycle } from '../../../common/billing';
import { snapshotCatalogApp } from './detectors/catalog-link';
import { addDays } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { discoverRecurring, flaggedChargesSince } from '../expenses';
import { seatsOf, licensePoolsOf } from '../licenses';
import { findOrganization, membersOf, userNames } from '../organizations';
import { peopleOf } from '../people';
import { renewalDecisionsOf } from '../renewals';
import { priceChangesOf, subscriptionsOf } from '../subscriptions';
import { vendorNamesOf } from '../vendors';
import type {
  ActivitySignal,
  InsightSnapshot,
  SnapshotApplication,
  SnapshotCatalogApp,
  SnapshotPerson,
  SnapshotPrice,
} from './snapshot';

/** Price changes and flagged charges older than this are history (the detectors look at the last year). */
const HISTORY_DAYS = 400;

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** An instant's UTC calendar date, computed in SQL: tens of thousands of seats need no Date objects. */
const utcDate = (column: SQL | AnyColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * What a seat's last-activity date proves. The usage import records the column it read: a
 * "last sign-in" / "last login" export only says the person signed in (to the identity provider),
 * not that they used the application.
 */
const signalOf = (activitySignal: string | null): ActivitySignal =>
  activitySignal === 'sign-in' ? 'sign-in' : 'usage';

async function loadApplications(db: DbOrTx, orgId: string): Promise<SnapshotApplication[]> {
  const app = subscriptionsOf(orgId, 'app');
  const vendor = vendorNamesOf(orgId);
  const owner = userNames('owner');
  const member = membersOf(orgId, 'member');
  const rows = await db
    .select({
      id: app.id,
      name: app.name,
      catalogSlug: app.catalogSlug,
      vendorId: app.vendorId,
      vendorName: vendor.name,
      status: app.status,
      archivedAt: app.archivedAt,
      billingCycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      pricingModel: app.pricingModel,
      seats: app.seats,
      unitPriceMinor: app.unitPriceMinor,
      amountMinor: app.amountMinor,
      annualCostMinor: app.annualCostMinor,
      currency: app.currency,
      startDate: app.startDate,
      nextRenewalDate: app.nextRenewalDate,
      noticePeriodDays: app.noticePeriodDays,
      autoRenew: app.autoRenew,
      cancelledOn: app.cancelledOn,
      department: app.department,
      createdAt: app.createdAt,
      ownerId: owner.id,
      ownerEmail: owner.email,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      memberId: member.userId,
    })
    .from(app)
    .leftJoin(vendor, eq(vendor.id, app.vendorId))
    .leftJoin(owner, eq(owner.id, app.ownerUserId))
    .leftJoin(member, eq(member.userId, app.ownerUserId))
    .orderBy(asc(app.name), asc(app.id));
  return rows.map(
    ({ archivedAt, createdAt, ownerId, ownerEmail, ownerFirstName, ownerLastName, memberId, ...a }) => ({
      ...a,
      archived: archivedAt !== null,
      owner:
        ownerId && ownerEmail
          ? {
              userId: ownerId,
              name: displayName({ firstName: ownerFirstName, lastName: ownerLastName, email: ownerEmail }),
              email: ownerEmail,
              isMember: memberId !== null,
            }
          : null,
      createdDate: dateOf(createdAt),
    }),
  );
}

async function loadPools(db: DbOrTx, orgId: string) {
  const pool = licensePoolsOf(orgId);
  const rows = await db.select().from(pool).orderBy(asc(pool.id));
  return rows.map((p) => ({
    id: p.id,
    applicationId: p.subscriptionId,
    tierName: p.tierName,
    seats: p.seats,
    unitPriceMinor: p.unitPriceMinor,
    billingCycle: p.billingCycle as BillingCycle,
    intervalMonths: p.intervalMonths,
    currency: p.currency,
  }));
}

/**
 * Many rows as one JSON text (an array of arrays, parsed once by JSON.parse): decoding tens of
 * thousands of rows field by field costs more than the query (PGlite decodes rows in JavaScript).
 */
const jsonRows = (orderBy: AnyColumn, ...columns: Array<SQL | AnyColumn>) =>
  sql<string>`coalesce(json_agg(json_build_array(${sql.join(columns, sql`, `)}) order by ${orderBy}), '[]')::text`;

async function loadOpenSeats(db: DbOrTx, orgId: string) {
  const seat = seatsOf(orgId);
  const [{ rows }] = await db
    .select({
      rows: jsonRows(
        seat.id,
        seat.id,
        seat.poolId,
        seat.subscriptionId,
        seat.personId,
        utcDate(seat.assignedAt),
        utcDate(seat.lastActiveAt),
        seat.activitySignal,
      ),
    })
    .from(seat)
    .where(isNull(seat.unassignedAt));
  const seats = JSON.parse(rows) as Array<
    [string, string, string, string, string, string | null, string | null]
  >;
  return seats.map(([id, poolId, applicationId, personId, assignedDate, lastActiveDate, activitySignal]) => ({
    id,
    poolId,
    applicationId,
    personId,
    assignedDate,
    lastActiveDate,
    signal: signalOf(activitySignal),
  }));
}

async function loadPeople(db: DbOrTx, orgId: string) {
  const person = peopleOf(orgId);
  const [{ rows }] = await db
    .select({
      rows: jsonRows(
        person.id,
        person.id,
        person.email,
        person.firstName,
        person.lastName,
        person.status,
        person.department,
        person.endDate,
      ),
    })
    .from(person);
  const people = JSON.parse(rows) as Array<
    [string, string, string | null, string | null, SnapshotPerson['status'], string | null, string | null]
  >;
  return people.map(([id, email, firstName, lastName, status, department, endDate]) => ({
    id,
    name: displayName({ firstName, lastName, email }),
    email,
    status,
    department,
    endDate,
  }));
}

const priceOf = (terms: SnapshotPrice): SnapshotPrice => ({
  pricingModel: terms.pricingModel,
  billingCycle: terms.billingCycle,
  intervalMonths: terms.intervalMonths,
  amountMinor: terms.amountMinor,
  seats: terms.seats,
  unitPriceMinor: terms.unitPriceMinor,
  currency: terms.currency,
});

async function loadPriceChanges(db: DbOrTx, orgId: string, since: string) {
  const change = priceChangesOf(orgId, 'change');
  const rows = await db
    .select({
      id: change.id,
      applicationId: change.subscriptionId,
      effectiveDate: change.effectiveDate,
      previous: change.previous,
      current: change.current,
    })
    .from(change)
    .where(and(isNotNull(change.previous), gte(change.effectiveDate, since)))
    .orderBy(asc(change.effectiveDate), asc(change.changedAt));
  return rows.flatMap((r) =>
    r.previous
      ? [
          {
            id: r.id,
            applicationId: r.applicationId,
            effectiveDate: r.effectiveDate,
            previous: priceOf(r.previous),
            current: priceOf(r.current),
          },
        ]
      : [],
  );
}

/** Decisions for renewals from today on: what the renewal-at-risk detector checks. */
async function loadDecisions(db: DbOrTx, orgId: string, today: string) {
  const decision = renewalDecisionsOf(orgId);
  return db
    .select({
      applicationId: decision.subscriptionId,
      renewalDate: decision.renewalDate,
      status: decision.status,
    })
    .from(decision)
    .where(gte(decision.renewalDate, today));
}

async function loadCharges(db: DbOrTx, orgId: string, since: string) {
  const rows = await flaggedChargesSince(db, orgId, since);
  return rows.map((r) => ({
    expenseId: r.id,
    applicationId: r.subscriptionId!,
    date: r.date,
    amountMinor: r.amountMinor,
    currency: r.currency,
    merchant: r.merchant,
    overExpectedPercent: r.overExpectedPercent,
  }));
}

function catalogEntries(slugs: Iterable<string | null>): Record<string, SnapshotCatalogApp> {
  const entries: Record<string, SnapshotCatalogApp> = {};
  for (const slug of slugs) {
    if (!slug || entries[slug]) continue;
    const entry = snapshotCatalogApp(slug);
    if (entry) entries[slug] = entry;
  }
  return entries;
}

/** The organization's data as of `today` (its calendar date), for one generation. */
export async function loadInsightSnapshot(
  db: DbOrTx,
  orgId: string,
  today: string,
): Promise<InsightSnapshot> {
  const org = await findOrganization(db, orgId);
  const since = addDays(today, -HISTORY_DAYS);
  // One after another: a transaction (and PGlite) runs one statement at a time anyway.
  const applications = await loadApplications(db, orgId);
  const pools = await loadPools(db, orgId);
  const assignments = await loadOpenSeats(db, orgId);
  const people = await loadPeople(db, orgId);
  const priceChanges = await loadPriceChanges(db, orgId, since);
  const renewalDecisions = await loadDecisions(db, orgId, today);
  const charges = await loadCharges(db, orgId, since);
  const recurringUnmatched = (await discoverRecurring(db, orgId, today)).map((p) => ({
    merchantKey: p.merchantKey,
    name: p.name,
    sampleMerchant: p.sampleMerchant,
    category: p.category,
    kind: p.kind,
    catalogSlug: p.catalogSlug,
    cycle: p.cycle,
    amountMinor: p.amountMinor,
    currency: p.currency,
    occurrences: p.occurrences,
    firstDate: p.firstDate,
    lastDate: p.lastDate,
  }));
  return {
    organization: { id: orgId, currency: org?.currency ?? 'USD', today },
    applications,
    pools,
    assignments,
    people,
    priceChanges,
    renewalDecisions,
    charges,
    recurringUnmatched,
    catalog: catalogEntries([
      ...applications.map((a) => a.catalogSlug),
      ...recurringUnmatched.map((r) => r.catalogSlug),
    ]),
  };
}
