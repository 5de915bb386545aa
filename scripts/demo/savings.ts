// The demo company's planted waste (issue 16): every kind of savings opportunity the insight
// detectors look for, woven into the company the other generators made — a second Zoom on another
// card, Webex beside Zoom (and the Google Meet everyone has in Workspace), a top tier whose users a
// lower one covers, a price above the public list price, a recorded price rise, an auto-renewal
// inside its notice window with nobody deciding and most seats idle, an application whose owner
// left. The rest (idle and unassigned seats, leavers holding seats, monthly bills with an annual
// discount, charges after a cancellation, unregistered card charges, renewals with too many seats)
// the other generators make already. Its own PRNG: the rest of the company stays as it was.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { annualisedMinor, type BillingCycle } from '../../common/billing';
import { findCatalogApp } from '../../common/catalog/search';
import { listPricePerCycle } from '../../common/catalog/list-price';
import { isUsableForSavings } from '../../common/catalog/price-age';
import { chargeDates } from '../../common/charge-schedule';
import { addDays, addMonths, daysUntil } from '../../common/dates';
import type { InsightBaseline, RealizedSource } from '../../common/contracts/insights';
import type { Opportunity } from '../../common/insights/opportunity';
import { resolveInsightSettings } from '../../common/insights/settings';
import {
  contracts,
  insightOpportunities,
  licenseAssignments,
  licensePools,
  people,
  renewalDecisions,
  subscriptionPriceChanges,
  subscriptions,
  users,
} from '../../server/db/schema';
import { orderedIdSequence } from '../../server/lib/ordered-ids';
import { bulkInsertExpenses } from '../../server/modules/expenses/expenses.repo';
import { detectDepartedPeople } from '../../server/modules/insights/detectors/departed-people';
import { detectMonthlyToAnnual } from '../../server/modules/insights/detectors/monthly-to-annual';
import { detectRenewalRightSizing } from '../../server/modules/insights/detectors/renewal-right-sizing';
import { loadInsightSnapshot } from '../../server/modules/insights/load-snapshot.repo';
import type { InsightSnapshot } from '../../server/modules/insights/snapshot';
import { storeCandidates } from '../../server/modules/imports/store';
import type { ImportCandidate } from '../../server/modules/imports/rows';
import { derivedCosts } from '../../server/modules/subscriptions/subscription-values';
import { DEMO_PAYMENT_METHODS } from './applications';
import { restateOpeningTerms, termsOf } from './price-history';
import { demoColleagueContext, type DemoContext } from './context';
import { createRng, type Rng } from './prng';
import { inChunks } from '../../server/db/bulk-insert';

const DAY_MS = 86_400_000;
type App = typeof subscriptions.$inferSelect;
type Pool = typeof licensePools.$inferSelect;

/** The planted scenarios draw from their own sequence, so the company around them does not move. */
function savingsRng(ctx: DemoContext): Rng {
  return createRng((ctx.options.seed ^ 0x5eed_16) >>> 0);
}

/** Applications the scenarios already changed: one scenario per application keeps each story clear. */
type Planted = Set<string>;
/** The scenarios' applications, from before the charges to the history after them. */
const plantedIn = new WeakMap<DemoContext, Planted>();

async function liveApps(ctx: DemoContext): Promise<App[]> {
  return ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, ctx.orgId), isNull(subscriptions.archivedAt)))
    .orderBy(asc(subscriptions.name), asc(subscriptions.id))
    .then((apps) => apps.filter((a) => a.status === 'active'));
}

async function poolsOf(ctx: DemoContext, appId: string): Promise<Pool[]> {
  return ctx.db
    .select()
    .from(licensePools)
    .where(and(eq(licensePools.organizationId, ctx.orgId), eq(licensePools.subscriptionId, appId)));
}

/** New per-seat price terms for an application with one pool: the pool and the application follow. */
async function reprice(ctx: DemoContext, app: App, pool: Pool, unitPriceMinor: number, tierName?: string) {
  const costs = derivedCosts({
    pricingModel: 'per-seat',
    billingCycle: app.billingCycle as BillingCycle,
    intervalMonths: app.intervalMonths,
    amountMinor: app.amountMinor,
    seats: app.seats,
    unitPriceMinor,
    currency: app.currency,
  });
  await ctx.db
    .update(subscriptions)
    .set({ unitPriceMinor, ...costs })
    .where(and(eq(subscriptions.organizationId, ctx.orgId), eq(subscriptions.id, app.id)));
  await ctx.db
    .update(licensePools)
    .set({ unitPriceMinor, ...(tierName ? { tierName } : {}) })
    .where(and(eq(licensePools.organizationId, ctx.orgId), eq(licensePools.id, pool.id)));
  await restateOpeningTerms(ctx, { ...app, unitPriceMinor, amountMinor: costs.amountMinor });
}

/** The catalogue's per-user plans of an application that list a price for its billing cycle. */
function userPlans(app: App) {
  const entry = app.catalogSlug ? findCatalogApp(app.catalogSlug) : undefined;
  const period = app.billingCycle === 'annual' ? 'year' : 'month';
  if (!entry || !['annual', 'monthly'].includes(app.billingCycle)) return [];
  const names = [...new Set((entry.prices ?? []).filter((p) => p.unit === 'user').map((p) => p.plan))];
  return names.flatMap((plan) => {
    const price = entry.prices!.find((p) => p.plan === plan && p.unit === 'user' && p.period === period);
    // Detectors claim savings on confirmed, current list prices only, so plant only where one is.
    return price && price.amountMinor > 0 && isUsableForSavings(price) ? [{ plan, price }] : [];
  });
}

/** A live per-seat application with exactly one pool, preferring these catalogue entries in order. */
async function singlePoolApp(
  ctx: DemoContext,
  apps: App[],
  planted: Planted,
  prefer: readonly string[],
  fits: (app: App) => boolean,
): Promise<{ app: App; pool: Pool } | null> {
  const rank = (a: App) => {
    const at = prefer.indexOf(a.catalogSlug ?? '');
    return at === -1 ? prefer.length : at;
  };
  const candidates = apps
    .filter((a) => a.pricingModel === 'per-seat' && (a.seats ?? 0) > 0 && !planted.has(a.id) && fits(a))
    .sort((a, b) => rank(a) - rank(b));
  for (const app of candidates) {
    const pools = await poolsOf(ctx, app.id);
    if (pools.length === 1) return { app, pool: pools[0] };
  }
  return null;
}

/** Miro bought on Business for everyone, though the team only needs boards (Starter). */
async function plantTopTier(ctx: DemoContext, apps: App[], planted: Planted) {
  const found = await singlePoolApp(ctx, apps, planted, ['miro', 'notion', 'figma', 'zoom'], (a) => {
    const plans = userPlans(a);
    return plans.length >= 2 && plans[1].price.amountMinor > plans[0].price.amountMinor;
  });
  if (!found) return;
  const { app, pool } = found;
  const [, top] = userPlans(app);
  await reprice(ctx, app, pool, listPricePerCycle(top.price, app.billingCycle as BillingCycle), top.plan);
  planted.add(app.id);
}

/** Slack renewed by a reseller at 12 % above the public price. */
async function plantAboveList(ctx: DemoContext, apps: App[], planted: Planted) {
  const found = await singlePoolApp(ctx, apps, planted, ['slack', 'notion', 'figma', 'github'], (a) => {
    return userPlans(a).length > 0;
  });
  if (!found) return;
  const { app, pool } = found;
  const plans = userPlans(app);
  const plan = plans.find((p) => p.plan === pool.tierName) ?? plans[0];
  const list = listPricePerCycle(plan.price, app.billingCycle as BillingCycle);
  const ours = Math.max(list + 100, Math.round((list * 1.12) / 50) * 50);
  await reprice(ctx, app, pool, ours, plan.plan);
  planted.add(app.id);
}

/** A flat yearly contract that went up 9 % at its last renewal, in the price history. */
async function plantPriceRise(ctx: DemoContext, apps: App[], planted: Planted) {
  const prefer = ['gong', 'linear', 'zapier', 'rippling', 'confluence'];
  const rank = (a: App) => (prefer.includes(a.catalogSlug ?? '') ? prefer.indexOf(a.catalogSlug!) : 99);
  const app = apps
    .filter(
      (a) =>
        a.pricingModel === 'flat' &&
        a.billingCycle === 'annual' &&
        a.amountMinor >= 10_000 &&
        a.nextRenewalDate &&
        !planted.has(a.id),
    )
    .sort((a, b) => rank(a) - rank(b))[0];
  if (!app) return;
  // Renewed (and repriced) on its last renewal date, within the past year.
  const effectiveDate = addMonths(app.nextRenewalDate!, -12);
  if (effectiveDate > ctx.today || effectiveDate < addDays(ctx.today, -330)) return;
  const before = Math.round(app.amountMinor / 1.09 / 100) * 100;
  await ctx.db.insert(subscriptionPriceChanges).values({
    organizationId: ctx.orgId,
    subscriptionId: app.id,
    changedAt: new Date(`${effectiveDate}T10:00:00Z`),
    effectiveDate,
    changedBy: ctx.colleagues.finance,
    source: 'demo',
    fields: ['amountMinor'],
    previous: termsOf(app, before),
    current: termsOf(app, app.amountMinor),
  });
  planted.add(app.id);
}

/**
 * An annual per-seat renewal six weeks out on a 30-day notice: the cancel-by date is two weeks
 * away, nobody has recorded a decision, and two thirds of the seats have been idle for months.
 * One already renewing 5–17 weeks out is used as it is; else the furthest one is brought forward
 * (with its start and contract), so the story holds on any day the demo is loaded.
 */
async function plantRenewalAtRisk(ctx: DemoContext, apps: App[], planted: Planted, rng: Rng) {
  const { db, orgId, today } = ctx;
  const decided = new Set(
    (
      await db
        .select({ id: renewalDecisions.subscriptionId })
        .from(renewalDecisions)
        .where(eq(renewalDecisions.organizationId, orgId))
    ).map((d) => d.id),
  );
  const agreements = await db.select().from(contracts).where(eq(contracts.organizationId, orgId));
  const candidates = apps
    .filter(
      (a) =>
        a.pricingModel === 'per-seat' &&
        a.billingCycle === 'annual' &&
        a.autoRenew &&
        a.nextRenewalDate &&
        !decided.has(a.id) &&
        !planted.has(a.id) &&
        agreements.filter((c) => c.subscriptionId === a.id).length <= 1,
    )
    .map((a) => ({ app: a, days: daysUntil(a.nextRenewalDate!, today) }))
    .sort((a, b) => {
      const natural = (d: number) => (d >= 33 && d <= 120 ? 0 : 1);
      return natural(a.days) - natural(b.days) || (natural(a.days) === 0 ? a.days - b.days : b.days - a.days);
    });
  for (const { app, days } of candidates) {
    const pools = await poolsOf(ctx, app.id);
    if (pools.length === 0) continue;
    let renewal = app.nextRenewalDate!;
    let notice = [30, 60, 90].find((n) => days - n >= 3 && days - n <= 25);
    if (notice === undefined) {
      renewal = addDays(today, 44);
      notice = 30;
      await db
        .update(subscriptions)
        .set({ nextRenewalDate: renewal, startDate: addMonths(renewal, -24) })
        .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, app.id)));
    }
    await db
      .update(subscriptions)
      .set({ noticePeriodDays: notice })
      .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, app.id)));
    await db
      .update(contracts)
      .set({ noticePeriodDays: notice, endDate: renewal, startDate: addMonths(renewal, -12) })
      .where(and(eq(contracts.organizationId, orgId), eq(contracts.subscriptionId, app.id)));
    // A third of the seats stay in use; the rest went quiet two to six months ago.
    const seats = await db
      .select({ id: licenseAssignments.id })
      .from(licenseAssignments)
      .innerJoin(people, eq(people.id, licenseAssignments.personId))
      .where(
        and(
          eq(licenseAssignments.organizationId, orgId),
          inArray(
            licenseAssignments.poolId,
            pools.map((p) => p.id),
          ),
          isNull(licenseAssignments.unassignedAt),
        ),
      )
      .orderBy(asc(people.email));
    const owned = pools.reduce((n, p) => n + (p.seats ?? 0), 0);
    const quiet = seats.slice(Math.floor(owned / 3)).map((s) => s.id);
    for (const [i, daysAgo] of [rng.int(65, 90), rng.int(91, 130), rng.int(131, 180)].entries()) {
      const ids = quiet.filter((_, n) => n % 3 === i);
      if (ids.length === 0) continue;
      await db
        .update(licenseAssignments)
        .set({
          assignedAt: sql`least(${licenseAssignments.assignedAt}, ${new Date(ctx.now.getTime() - 240 * DAY_MS)})`,
          lastActiveAt: new Date(ctx.now.getTime() - daysAgo * DAY_MS),
          source: 'csv',
        })
        .where(and(eq(licenseAssignments.organizationId, orgId), inArray(licenseAssignments.id, ids)));
    }
    planted.add(app.id);
    return;
  }
}

function plantedCandidate(
  ctx: DemoContext,
  row: number,
  fields: Pick<
    ImportCandidate,
    | 'name'
    | 'catalogSlug'
    | 'department'
    | 'seats'
    | 'unitPriceMinor'
    | 'paymentMethod'
    | 'notes'
    | 'startDate'
  >,
): ImportCandidate {
  const entry = findCatalogApp(fields.catalogSlug!)!;
  const day = Number(fields.startDate!.slice(8, 10));
  // The next monthly charge on the start date's day of the month, from tomorrow on.
  let nextRenewalDate = `${ctx.today.slice(0, 8)}${String(Math.min(day, 28)).padStart(2, '0')}`;
  if (nextRenewalDate <= ctx.today) nextRenewalDate = addMonths(nextRenewalDate, 1);
  return {
    row,
    vendor: entry.vendor,
    vendorDomain: entry.domain,
    category: entry.category,
    tags: [],
    ownerUserId: null,
    ownerEmail: null,
    pricingModel: 'per-seat',
    billingCycle: 'monthly',
    intervalMonths: null,
    amountMinor: (fields.seats ?? 0) * (fields.unitPriceMinor ?? 0),
    currency: ctx.currency,
    contractTermMonths: null,
    nextRenewalDate,
    autoRenew: true,
    noticePeriodDays: 0,
    status: 'active',
    url: `https://${entry.domain}`,
    description: entry.description,
    ...fields,
  };
}

async function seatHolders(ctx: DemoContext, appId: string) {
  const rows = await ctx.db
    .select({ personId: licenseAssignments.personId, department: people.department, status: people.status })
    .from(licenseAssignments)
    .innerJoin(licensePools, eq(licensePools.id, licenseAssignments.poolId))
    .innerJoin(people, eq(people.id, licenseAssignments.personId))
    .where(
      and(
        eq(licenseAssignments.organizationId, ctx.orgId),
        eq(licensePools.subscriptionId, appId),
        isNull(licenseAssignments.unassignedAt),
      ),
    )
    .orderBy(asc(people.email));
  return rows.filter((r) => r.status === 'active');
}

/** Seats of a planted application: one pool, these holders, all used in the last weeks. */
async function seatPlanted(
  ctx: DemoContext,
  app: { id: string; seats: number; unitPriceMinor: number },
  tierName: string,
  holders: string[],
  rng: Rng,
  since: string,
) {
  const [pool] = await ctx.db
    .insert(licensePools)
    .values({
      organizationId: ctx.orgId,
      subscriptionId: app.id,
      tierName,
      seats: app.seats,
      unitPriceMinor: app.unitPriceMinor,
      billingCycle: 'monthly',
      currency: ctx.currency,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await inChunks(
    licenseAssignments,
    holders.map((personId) => ({
      organizationId: ctx.orgId,
      poolId: pool.id,
      personId,
      assignedAt: new Date(`${addDays(since, rng.int(0, 20))}T09:00:00Z`),
      lastActiveAt: new Date(ctx.now.getTime() - rng.int(1, 15) * DAY_MS),
      source: 'csv' as const,
      assignedBy: ctx.colleagues.it,
    })),
    (chunk) => ctx.db.insert(licenseAssignments).values(chunk),
  );
  ctx.created.licensePools += 1;
  ctx.created.assignments += holders.length;
}

/**
 * Webex for Sales' customer calls (a per-seat monthly plan the catalogue lists no price for), held
 * by salespeople who also have Zoom — and Google Meet, in Workspace.
 */
async function plantWebex(ctx: DemoContext, apps: App[], rng: Rng) {
  const zoom = apps.find((a) => a.catalogSlug === 'zoom' && a.pricingModel === 'per-seat');
  if (!zoom || apps.some((a) => a.catalogSlug === 'webex')) return;
  const zoomHolders = await seatHolders(ctx, zoom.id);
  // Fewer holders than Zoom: Zoom stays the tool most people have.
  const n = Math.min(3, zoomHolders.length - 1);
  if (n < 1) return;
  const sales = zoomHolders.filter((h) => h.department === 'Sales');
  const holders = [...sales, ...zoomHolders.filter((h) => h.department !== 'Sales')]
    .slice(0, n)
    .map((h) => h.personId);
  const startDate = addMonths(ctx.today, -14);
  const result = await storeCandidates(
    ctx.db,
    demoColleagueContext(ctx, ctx.colleagues.it),
    [
      plantedCandidate(ctx, 1, {
        name: 'Webex',
        catalogSlug: 'webex',
        department: 'Sales',
        seats: n + 1,
        unitPriceMinor: 1_450,
        paymentMethod: DEMO_PAYMENT_METHODS[0],
        startDate,
        notes: 'Sales wanted Webex for customer calls; everyone already has Zoom and Google Meet.',
      }),
    ],
    { now: ctx.now, source: 'demo', importId: null, skipPlanLimit: true },
  );
  ctx.created.vendors += result.vendorsCreated;
  ctx.created.applicationIds.push(...result.ids);
  await seatPlanted(
    ctx,
    { id: result.ids[0], seats: n + 1, unitPriceMinor: 1_450 },
    'Meet',
    holders,
    rng,
    startDate,
  );
}

/** Before the charges are made: prices, tiers, notice periods and Webex, so the bills follow them. */
export async function generateSavingsScenarios(ctx: DemoContext): Promise<void> {
  if (ctx.created.applicationIds.length === 0) return;
  const rng = savingsRng(ctx);
  const apps = await liveApps(ctx);
  const planted: Planted = new Set(apps.filter((a) => a.catalogSlug === 'zoom').map((a) => a.id));
  plantedIn.set(ctx, planted);
  await plantTopTier(ctx, apps, planted);
  await plantAboveList(ctx, apps, planted);
  await plantPriceRise(ctx, apps, planted);
  await plantRenewalAtRisk(ctx, apps, planted, rng);
  await plantWebex(ctx, apps, rng);
}

/**
 * Sales' own Zoom account, on the Brex card (the company's Zoom is on the Amex): the same product
 * bought twice. Made after the other charges, with its own: the matcher would book every ZOOM.US
 * line on the company's Zoom, so these carry the match someone made by hand.
 */
async function plantSecondZoom(ctx: DemoContext, apps: App[], rng: Rng) {
  const zoom = apps.find((a) => a.catalogSlug === 'zoom' && a.pricingModel === 'per-seat');
  if (!zoom || apps.filter((a) => a.catalogSlug === 'zoom').length > 1) return;
  const holders = await seatHolders(ctx, zoom.id);
  const holding = new Set(holders.map((h) => h.personId));
  // Fewer seats than the company's Zoom: that one stays the account to keep.
  const n = Math.min(3, holders.length - 1, (zoom.seats ?? 0) - 1);
  if (n < 1) return;
  const salespeople = await ctx.db
    .select({ id: people.id })
    .from(people)
    .where(
      and(eq(people.organizationId, ctx.orgId), eq(people.department, 'Sales'), eq(people.status, 'active')),
    )
    .orderBy(asc(people.email));
  const chosen = salespeople
    .filter((p) => !holding.has(p.id))
    .slice(0, n)
    .map((p) => p.id);
  const unitPriceMinor = zoom.unitPriceMinor ?? 1_599;
  const startDate = addMonths(ctx.today, -9);
  const result = await storeCandidates(
    ctx.db,
    demoColleagueContext(ctx, ctx.colleagues.it),
    [
      plantedCandidate(ctx, 1, {
        name: 'Zoom (Sales)',
        catalogSlug: 'zoom',
        department: 'Sales',
        seats: n,
        unitPriceMinor,
        paymentMethod: DEMO_PAYMENT_METHODS[1],
        startDate,
        notes: 'Sales opened its own Zoom account on the Brex card during the Q1 hiring push.',
      }),
    ],
    { now: ctx.now, source: 'demo', importId: null, skipPlanLimit: true },
  );
  const [id] = result.ids;
  ctx.created.vendors += result.vendorsCreated;
  ctx.created.applicationIds.push(id);
  await seatPlanted(
    ctx,
    { id, seats: n, unitPriceMinor },
    zoom.catalogSlug ? 'Pro' : 'Standard',
    chosen,
    rng,
    startDate,
  );
  const [app] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, ctx.orgId), eq(subscriptions.id, id)));
  const nextId = orderedIdSequence(ctx.now);
  const merchant = 'ZOOM.US 888-799-9666 CA';
  // As the matcher keys a catalogue merchant: by the product's name.
  const product = findCatalogApp('zoom')!.name;
  const dates = chargeDates(
    { cycle: 'monthly', intervalMonths: null, anchorDate: app.nextRenewalDate!, startDate },
    addMonths(ctx.today, -12),
    ctx.today,
  );
  await bulkInsertExpenses(
    ctx.db,
    {
      organizationId: ctx.orgId,
      importBatchId: null,
      paymentMethodId: null,
      createdBy: ctx.colleagues.finance,
      now: ctx.now,
      source: 'csv',
    },
    dates.map((date) => ({
      id: nextId(),
      date,
      amountMinor: app.amountMinor,
      currency: app.currency,
      merchant,
      description: null,
      externalId: null,
      invoiceNumber: null,
      merchantKey: product.toUpperCase(),
      merchantName: product,
      matchStatus: 'matched' as const,
      matchMethod: 'manual' as const,
      matchConfidence: 1,
      subscriptionId: id,
      suggestedSubscriptionId: null,
      vendorId: app.vendorId,
      categoryId: null,
      overExpectedPercent: null,
      chargedAfterCancellation: false,
    })),
  );
}

/**
 * Someone who left still owns an application: their account is gone from the organization (a user
 * without a membership; the address is made unique per workspace so every demo can have one).
 */
async function plantOwnerLeft(ctx: DemoContext, live: App[]) {
  const [leaver] = await ctx.db
    .select()
    .from(people)
    .where(
      and(eq(people.organizationId, ctx.orgId), eq(people.status, 'offboarded'), isNotNull(people.endDate)),
    )
    .orderBy(asc(people.endDate), asc(people.email))
    .limit(1);
  if (!leaver) return;
  const owned = live.filter((a) => a.ownerUserId !== null);
  const app = owned.find((a) => a.department === leaver.department && a.pricingModel === 'flat') ?? owned[0];
  if (!app) return;
  const [local, domain] = leaver.email.split('@');
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: `${local}+${ctx.orgId.slice(0, 8)}@${domain}`,
      passwordHash: '!disabled: a former colleague, kept as the owner on record',
      firstName: leaver.firstName ?? '',
      lastName: leaver.lastName ?? '',
      jobTitle: leaver.title,
      onboardingPhase: 'completed',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await ctx.db
    .update(subscriptions)
    .set({ ownerUserId: user.id })
    .where(and(eq(subscriptions.organizationId, ctx.orgId), eq(subscriptions.id, app.id)));
}

/**
 * The head of IT owns what nobody else does, except what Sales bought on its own (the second Zoom,
 * Webex): a few applications without an owner are a finding, forty would bury the others.
 */
async function giveOwners(ctx: DemoContext) {
  await ctx.db
    .update(subscriptions)
    .set({ ownerUserId: ctx.ownerUserId })
    .where(
      and(
        eq(subscriptions.organizationId, ctx.orgId),
        isNull(subscriptions.ownerUserId),
        sql`${subscriptions.name} not in ('Zoom (Sales)', 'Webex')`,
      ),
    );
}

// ---- The savings ledger's history: opportunities found and realized in the past months ----

interface Realized {
  opportunity: Opportunity;
  firstSeen: Date;
  realizedAt: Date;
  source: RealizedSource;
  realizedMinor: number;
  baseline: InsightBaseline;
  afterAnnualMinor: number | null;
}

const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

function baselineOf(snapshot: InsightSnapshot, appIds: string[]): InsightBaseline {
  return {
    applications: appIds.flatMap((id) => {
      const app = snapshot.applications.find((a) => a.id === id);
      if (!app) return [];
      const pools = new Set(snapshot.pools.filter((p) => p.applicationId === id).map((p) => p.id));
      return [
        {
          id,
          status: app.status,
          annualCostMinor: app.annualCostMinor,
          seats: app.seats,
          unitPriceMinor: app.unitPriceMinor,
          assignedSeats: snapshot.assignments.filter((s) => pools.has(s.poolId)).length,
        },
      ];
    }),
  };
}

/** The people who left cleanly: found the day they left holding seats, realized when IT took them back. */
async function realizedDepartures(ctx: DemoContext, now: InsightSnapshot): Promise<Realized[]> {
  const returned = await ctx.db
    .select()
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, ctx.orgId),
        eq(licenseAssignments.unassignReason, 'offboarding'),
        isNotNull(licenseAssignments.unassignedAt),
      ),
    )
    .orderBy(asc(licenseAssignments.unassignedAt));
  const pools = new Map(now.pools.map((p) => [p.id, p]));
  const settings = resolveInsightSettings(undefined);
  return returned.flatMap((seat) => {
    const person = now.people.find((p) => p.id === seat.personId);
    const pool = pools.get(seat.poolId);
    if (!person?.endDate || !pool || !seat.unassignedAt) return [];
    const then: InsightSnapshot = {
      ...now,
      organization: { ...now.organization, today: person.endDate },
      assignments: [
        ...now.assignments,
        {
          id: seat.id,
          poolId: seat.poolId,
          applicationId: pool.applicationId,
          personId: seat.personId,
          assignedDate: seat.assignedAt.toISOString().slice(0, 10),
          lastActiveDate: seat.lastActiveAt?.toISOString().slice(0, 10) ?? null,
          signal: 'usage',
        },
      ],
    };
    const opportunity = detectDepartedPeople(then, settings).find((o) => o.personIds.includes(person.id));
    if (!opportunity?.saving) return [];
    return [
      {
        opportunity,
        firstSeen: at(person.endDate, 6),
        realizedAt: new Date(seat.unassignedAt.getTime() + 3_600_000),
        source: 'auto' as const,
        realizedMinor: opportunity.saving.annualMinor,
        baseline: baselineOf(then, opportunity.applicationIds),
        afterAnnualMinor: null,
      },
    ];
  });
}

/** Yearly plans the team moved to from monthly billing, a few months ago (recorded by hand). */
function realizedAnnualSwitches(
  ctx: DemoContext,
  now: InsightSnapshot,
  planted: Planted,
  rng: Rng,
): Realized[] {
  const settings = resolveInsightSettings(undefined);
  const found: Realized[] = [];
  const daysAgo = [170, 105];
  for (const app of now.applications) {
    if (found.length === daysAgo.length) break;
    const pools = now.pools.filter((p) => p.applicationId === app.id);
    const entry = app.catalogSlug ? now.catalog[app.catalogSlug] : undefined;
    if (app.status !== 'active' || app.billingCycle !== 'annual' || app.pricingModel !== 'per-seat') continue;
    if (planted.has(app.id) || pools.length !== 1 || !entry || !app.seats) continue;
    const monthly = entry.prices.find(
      (p) => p.plan === pools[0].tierName && p.unit === 'user' && p.period === 'month',
    );
    const yearly = entry.prices.find(
      (p) => p.plan === pools[0].tierName && p.unit === 'user' && p.period === 'year',
    );
    // Only one on the public yearly price: what the switch gave (not a reseller's or a tier's story).
    if (!monthly || !yearly || pools[0].unitPriceMinor !== yearly.amountMinor) continue;
    const today = addDays(ctx.today, -daysAgo[found.length] - 21);
    if (!app.startDate || addMonths(app.startDate, 6) > today) continue;
    const asMonthly = {
      ...app,
      billingCycle: 'monthly' as const,
      unitPriceMinor: monthly.amountMinor,
      amountMinor: monthly.amountMinor * app.seats,
      annualCostMinor: monthly.amountMinor * app.seats * 12,
    };
    const then: InsightSnapshot = {
      ...now,
      organization: { ...now.organization, today },
      applications: now.applications.map((a) => (a.id === app.id ? asMonthly : a)),
      pools: now.pools.map((p) =>
        p.id === pools[0].id ? { ...p, billingCycle: 'monthly', unitPriceMinor: monthly.amountMinor } : p,
      ),
    };
    const opportunity = detectMonthlyToAnnual(then, settings).find((o) => o.applicationIds[0] === app.id);
    if (!opportunity?.saving) continue;
    const realizedOn = addDays(ctx.today, -daysAgo[found.length]);
    found.push({
      opportunity,
      firstSeen: at(today, 6),
      realizedAt: at(realizedOn, rng.int(9, 17)),
      source: 'manual',
      realizedMinor: opportunity.saving.annualMinor,
      baseline: baselineOf(then, [app.id]),
      afterAnnualMinor: null,
    });
    planted.add(app.id);
  }
  return found;
}

/** A renewal in the past months that was signed for fewer seats (measured: the seat count fell). */
function realizedRightSizing(ctx: DemoContext, now: InsightSnapshot, planted: Planted): Realized[] {
  const settings = resolveInsightSettings(undefined);
  for (const app of now.applications) {
    const pools = now.pools.filter((p) => p.applicationId === app.id);
    if (app.status !== 'active' || app.billingCycle !== 'annual' || app.pricingModel !== 'per-seat') continue;
    if (
      planted.has(app.id) ||
      pools.length !== 1 ||
      !app.seats ||
      !app.unitPriceMinor ||
      !app.nextRenewalDate
    )
      continue;
    const renewed = addMonths(app.nextRenewalDate, -12);
    if (renewed > addDays(ctx.today, -10) || renewed < addDays(ctx.today, -200)) continue;
    const extra = Math.max(3, Math.round(app.seats * 0.25));
    const before = { seats: app.seats + extra, amountMinor: (app.seats + extra) * app.unitPriceMinor };
    const then: InsightSnapshot = {
      ...now,
      organization: { ...now.organization, today: addDays(renewed, -45) },
      applications: now.applications.map((a) =>
        a.id === app.id
          ? { ...a, ...before, annualCostMinor: before.amountMinor, nextRenewalDate: renewed }
          : a,
      ),
      pools: now.pools.map((p) => (p.id === pools[0].id ? { ...p, seats: before.seats } : p)),
    };
    const opportunity = detectRenewalRightSizing(then, settings).find((o) => o.applicationIds[0] === app.id);
    if (!opportunity?.saving) continue;
    planted.add(app.id);
    return [
      {
        opportunity,
        firstSeen: at(addDays(renewed, -45), 6),
        realizedAt: at(addDays(renewed, 1), 6),
        source: 'auto',
        realizedMinor: Math.min(
          opportunity.saving.annualMinor,
          annualisedMinor(extra * app.unitPriceMinor, 'annual', null),
        ),
        baseline: baselineOf(then, [app.id]),
        afterAnnualMinor: app.annualCostMinor,
      },
    ];
  }
  return [];
}

async function insertRealized(ctx: DemoContext, rows: Realized[], taken: Set<string>) {
  const values = rows
    .filter((r) => !taken.has(r.opportunity.key))
    .map(({ opportunity: o, firstSeen, realizedAt, source, realizedMinor, baseline, afterAnnualMinor }) => ({
      organizationId: ctx.orgId,
      key: o.key,
      type: o.type,
      title: o.title,
      explanation: o.explanation,
      evidence: o.evidence,
      savingMinor: o.saving?.annualMinor ?? null,
      countedMinor: 0,
      currency: o.saving?.currency ?? ctx.currency,
      arithmetic: o.saving?.arithmetic ?? null,
      savingUnavailable: o.savingUnavailable,
      confidence: o.confidence,
      confidenceReason: o.confidenceReason,
      applicationIds: o.applicationIds,
      personIds: o.personIds,
      claims: o.claims,
      actionPath: o.action.path,
      actionText: o.action.text,
      detected: false,
      state: 'realized' as const,
      // IT took back the leavers' seats; the finance lead saw the rest through.
      ownerUserId: o.type === 'departed_person' ? ctx.colleagues.it : ctx.colleagues.finance,
      baseline,
      realizedMinor,
      realizedSource: source,
      afterAnnualMinor,
      realizedAt,
      firstSeenAt: firstSeen,
      lastSeenAt: realizedAt,
      stateChangedAt: realizedAt,
      createdAt: firstSeen,
      updatedAt: realizedAt,
    }));
  await inChunks(insightOpportunities, values, (chunk) => ctx.db.insert(insightOpportunities).values(chunk));
}

/**
 * After the charges: the second Zoom, the owner who left, and the savings already realized in the
 * past six months (departures cleaned up, yearly plans, a right-sized renewal), built by the
 * detectors themselves from the company as it was then, under keys today's generation never uses.
 */
export async function generateSavingsHistory(ctx: DemoContext): Promise<void> {
  if (ctx.created.applicationIds.length === 0) return;
  const rng = createRng((ctx.options.seed ^ 0x1ed9e7) >>> 0);
  const live = await liveApps(ctx);
  await plantSecondZoom(ctx, live, rng);
  await plantOwnerLeft(ctx, live);
  await giveOwners(ctx);
  const now = await loadInsightSnapshot(ctx.db, ctx.orgId, ctx.today);
  // The kinds of the history's rows, as found today: a key of theirs stays out of the history.
  const settings = resolveInsightSettings(undefined);
  const taken = new Set(
    [detectDepartedPeople, detectMonthlyToAnnual, detectRenewalRightSizing]
      .flatMap((detect) => detect(now, settings))
      .map((o) => o.key),
  );
  const planted: Planted = new Set([
    ...(plantedIn.get(ctx) ?? []),
    ...now.applications.filter((a) => a.catalogSlug === 'zoom' || a.catalogSlug === 'webex').map((a) => a.id),
  ]);
  const departures = await realizedDepartures(ctx, now);
  const rightSized = realizedRightSizing(ctx, now, planted);
  const switched = realizedAnnualSwitches(ctx, now, planted, rng);
  await insertRealized(ctx, [...departures, ...rightSized, ...switched], taken);
}
