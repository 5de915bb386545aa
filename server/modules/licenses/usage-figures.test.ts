// Issue 31, part "usage": the same figure wherever it is shown. Active users of an application on
// its page (GET /api/licenses?subscriptionId), product analytics, the negotiation pack and the
// insights; over-assigned tiers flagged; unused-seat cost a month × 12 = the executive summary's
// year, to the cent; price history recorded from matched charges, once per charge.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightOpportunities, subscriptionPriceChanges } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildersFor } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { recordChargePriceChanges } from '../expenses';
import { generateInsights } from '../insights';

const clock = fixedClock('2026-03-31T12:00:00Z'); // today = 2026-03-31
let server: TestServer;
const db = () => server.database.db;
const build = buildersFor(db);
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);
const longAgo = new Date('2025-06-01T00:00:00Z');

beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

async function scaleOrg() {
  const owner = await buildOrgOwner(server.app);
  await build.plan(owner.orgId, 'scale');
  return { ...owner, client: api(server.app, owner.cookie) };
}

/**
 * Tableau: 10 seats at $70 a month, renewing in 40 days. Six holders, last seen 2 and 20 days ago,
 * early on the first day of the 30-day window (2026-03-01 00:30 UTC), 45 and 100 days ago, never.
 */
async function orgWithTableau() {
  const owner = await scaleOrg();
  const tableau = await build.subscription(owner.orgId, {
    name: 'Tableau',
    pricingModel: 'per-seat',
    seats: 10,
    unitPriceMinor: 7_000,
    amountMinor: 70_000,
    billingCycle: 'monthly',
    nextRenewalDate: '2026-05-10',
  });
  const pool = await build.pool(owner.orgId, tableau.id, {
    tierName: 'Creator',
    seats: 10,
    unitPriceMinor: 7_000,
  });
  const seen = [daysAgo(2), daysAgo(20), new Date('2026-03-01T00:30:00Z'), daysAgo(45), daysAgo(100), null];
  for (const lastActiveAt of seen) {
    const person = await build.person(owner.orgId);
    await build.assignment(owner.orgId, pool.id, person.id, {
      assignedAt: longAgo,
      lastActiveAt,
      source: lastActiveAt ? 'csv' : 'manual',
    });
  }
  return { ...owner, tableau };
}

/** Active users as each screen says them. */
async function activeUsersEverywhere(owner: Awaited<ReturnType<typeof orgWithTableau>>) {
  const { client, tableau, orgId } = owner;
  const page = (await client.get(`/api/licenses?subscriptionId=${tableau.id}`)).json();
  const analytics = (await client.get('/api/product-analytics/overview')).json();
  const pack = (await client.get(`/api/renewals/${tableau.id}/pack`)).json();
  await generateInsights(server.app.deps, orgId, clock.now());
  // The renewal sizing may stand alone or be one alternative of the application's decision.
  const opportunities = await db()
    .select()
    .from(insightOpportunities)
    .where(eq(insightOpportunities.organizationId, orgId));
  const poolEvidence = opportunities
    .flatMap((o) => o.evidence)
    .find((e) => e.figures && 'In use' in e.figures);
  return {
    page: page.applications[0].activeUsers,
    analytics: analytics.applications.find((a: { name: string }) => a.name === 'Tableau').active,
    pack: pack.seats.activeUsers,
    insights: poolEvidence?.figures['In use'],
    windows: [page.inactivityDays, analytics.inactivityDays, pack.seats.activeWindowDays],
  };
}

describe('active users of an application', () => {
  it('are the same on the application page, product analytics, the pack and the insights', async () => {
    const owner = await orgWithTableau();
    // 30-day window (the default): 2 days, 20 days and the window's first day count.
    expect(await activeUsersEverywhere(owner)).toEqual({
      page: 3,
      analytics: 3,
      pack: 3,
      insights: 3,
      windows: [30, 30, 30],
    });
    // One window for all: set on Licenses, the pack and the insights follow.
    expect((await owner.client.put('/api/licenses/settings', { inactivityDays: 60 })).statusCode).toBe(200);
    expect((await owner.client.get('/api/insights/settings')).json().inactiveDays).toBe(60);
    expect(await activeUsersEverywhere(owner)).toEqual({
      page: 4,
      analytics: 4,
      pack: 4,
      insights: 4,
      windows: [60, 60, 60],
    });
  });

  it('tell unknown (no activity recorded) from zero', async () => {
    const owner = await scaleOrg();
    const figma = await build.subscription(owner.orgId, { name: 'Figma' });
    const pool = await build.pool(owner.orgId, figma.id, { seats: 12, unitPriceMinor: 1_500 });
    for (let i = 0; i < 2; i += 1) {
      const person = await build.person(owner.orgId);
      await build.assignment(owner.orgId, pool.id, person.id, { assignedAt: longAgo });
    }
    const page = (await owner.client.get(`/api/licenses?subscriptionId=${figma.id}`)).json();
    expect(page.applications[0]).toMatchObject({ activeUsers: 0, hasUsageData: false });
    const analytics = (await owner.client.get('/api/product-analytics/overview')).json();
    expect(analytics.applications[0]).toMatchObject({ active: 0, hasUsageData: false });
    const pack = (await owner.client.get(`/api/renewals/${figma.id}/pack`)).json();
    expect(pack.seats).toMatchObject({ activeUsers: 0, hasUsageData: false });
  });
});

describe('seats', () => {
  it('flag a tier with more holders than seats (15 holders on 13 seats) on the pool, the application and product analytics', async () => {
    const owner = await scaleOrg();
    const slack = await build.subscription(owner.orgId, { name: 'Slack' });
    const pool = await build.pool(owner.orgId, slack.id, {
      tierName: 'Pro',
      seats: 13,
      unitPriceMinor: 875,
    });
    for (let i = 0; i < 15; i += 1) {
      const person = await build.person(owner.orgId);
      await build.assignment(owner.orgId, pool.id, person.id, {
        assignedAt: longAgo,
        lastActiveAt: daysAgo(1),
      });
    }
    const app = (await owner.client.get(`/api/licenses?subscriptionId=${slack.id}`)).json().applications[0];
    expect(app.overAssignedPools).toEqual([{ poolId: pool.id, tierName: 'Pro', seats: 13, assigned: 15 }]);
    expect(app.pools[0].utilisation).toMatchObject({ overAssigned: true, overAssignedBy: 2 });
    const analytics = (await owner.client.get('/api/product-analytics/overview')).json();
    expect(analytics.applications[0]).toMatchObject({
      name: 'Slack',
      overAssignedBy: 2,
      assigned: 15,
      purchased: 13,
    });
  });
});

describe('unused-seat cost', () => {
  it('a month (product analytics) × 12 is the year of the executive summary and the license report, to the cent', async () => {
    const owner = await scaleOrg();
    // $1,000.07 a seat a year: the monthly share of 3 idle seats is not a whole number of cents.
    const app = await build.subscription(owner.orgId, { name: 'Looker', billingCycle: 'annual' });
    const pool = await build.pool(owner.orgId, app.id, {
      seats: 4,
      unitPriceMinor: 100_007,
      billingCycle: 'annual',
    });
    const person = await build.person(owner.orgId);
    await build.assignment(owner.orgId, pool.id, person.id, {
      assignedAt: longAgo,
      lastActiveAt: daysAgo(3),
    });
    const monthly = (await owner.client.get('/api/product-analytics/overview')).json().totals.unusedCostMinor;
    expect(monthly).toBe(25_002); // 3 × $1,000.07 ÷ 12 = $250.0175
    const summary = (await owner.client.get('/api/reports/executive-summary')).json();
    const risks = JSON.stringify(summary.sections);
    expect(risks).toContain('Unused license seats cost $3,000.24 a year');
    const report = (await owner.client.get('/api/reports/license-utilisation')).json();
    const table = report.sections.find(
      (s: { type: string; rows?: unknown[] }) => s.type === 'table' && s.rows,
    );
    expect(table.totals.unusedCost).toBe(monthly * 12);
    const page = (await owner.client.get(`/api/licenses?subscriptionId=${app.id}`)).json();
    expect(page.applications[0].utilisation.wasteYearlyMinor).toBe(monthly * 12);
  });
});

describe('price history from matched charges', () => {
  it('records a dated row per charge whose amount moved, naming the charge, once', async () => {
    const owner = await scaleOrg();
    const tableau = await build.subscription(owner.orgId, {
      name: 'Tableau',
      pricingModel: 'per-seat',
      seats: 25,
      unitPriceMinor: 7_500,
      amountMinor: 187_500,
      billingCycle: 'monthly',
    });
    const ids: string[] = [];
    for (const [date, amountMinor] of [
      ['2026-01-05', 165_000],
      ['2026-02-05', 172_500],
      ['2026-03-05', 172_500],
      ['2026-03-25', 187_500],
    ] as const) {
      const res = await owner.client.post('/api/expenses', {
        date,
        amountMinor,
        currency: 'USD',
        merchant: 'TABLEAU SOFTWARE',
        subscriptionId: tableau.id,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    await server.app.deps.events.drain();
    const history = (await owner.client.get(`/api/subscriptions/${tableau.id}/history`)).json();
    const fromCharges = history.filter((h: { source: string }) => h.source === 'charge');
    expect(
      fromCharges.map(
        (h: {
          effectiveDate: string;
          sourceExpenseId: string;
          from: { amountMinor: number };
          to: { amountMinor: number; seats: number };
        }) => ({
          effectiveDate: h.effectiveDate,
          sourceExpenseId: h.sourceExpenseId,
          from: h.from.amountMinor,
          to: h.to.amountMinor,
          seats: h.to.seats,
        }),
      ),
    ).toEqual([
      { effectiveDate: '2026-03-25', sourceExpenseId: ids[3], from: 172_500, to: 187_500, seats: 25 },
      { effectiveDate: '2026-02-05', sourceExpenseId: ids[1], from: 165_000, to: 172_500, seats: 23 },
    ]);
    // The pack sees them.
    const pack = (await owner.client.get(`/api/renewals/${tableau.id}/pack`)).json();
    expect(pack.priceHistory.map((p: { amountMinor: number }) => p.amountMinor)).toEqual(
      expect.arrayContaining([187_500, 172_500]),
    );

    // Running again over the same charges (a retried event, the demo) adds nothing.
    expect(await recordChargePriceChanges(db(), owner.orgId, ids, clock.now())).toBe(0);
    const rows = await db()
      .select()
      .from(subscriptionPriceChanges)
      .where(
        and(
          eq(subscriptionPriceChanges.organizationId, owner.orgId),
          eq(subscriptionPriceChanges.source, 'charge'),
        ),
      );
    expect(rows).toHaveLength(2);
  });

  it('reads a per-seat bill that is not whole seats as a new seat price', async () => {
    const owner = await scaleOrg();
    const app = await build.subscription(owner.orgId, {
      name: 'Asana',
      pricingModel: 'per-seat',
      seats: 10,
      unitPriceMinor: 1_080,
      amountMinor: 10_800,
      billingCycle: 'monthly',
    });
    for (const [date, amountMinor] of [
      ['2026-02-01', 10_000],
      ['2026-03-01', 10_800],
    ] as const) {
      await owner.client.post('/api/expenses', {
        date,
        amountMinor,
        currency: 'USD',
        merchant: 'ASANA',
        subscriptionId: app.id,
      });
    }
    await server.app.deps.events.drain();
    const history = (await owner.client.get(`/api/subscriptions/${app.id}/history`)).json();
    const change = history.find((h: { source: string }) => h.source === 'charge');
    expect(change).toMatchObject({
      effectiveDate: '2026-03-01',
      from: { seats: 10, unitPriceMinor: 1_000 },
      to: { seats: 10, unitPriceMinor: 1_080 },
    });
    expect(change.fields).toEqual(['amountMinor', 'unitPriceMinor']);
  });
});

describe('seats purchased', () => {
  it('of a per-seat application with license pools are the pools: the application and its seat price follow', async () => {
    const owner = await scaleOrg();
    const workspace = await build.subscription(owner.orgId, {
      name: 'Google Workspace',
      pricingModel: 'per-seat',
      seats: 57,
      unitPriceMinor: 8_400,
      amountMinor: 57 * 8_400,
      billingCycle: 'monthly',
    });
    const created = await owner.client.post('/api/licenses', {
      subscriptionId: workspace.id,
      tierName: 'Business Standard',
      seats: 67,
      unitPriceMinor: 6_500,
      billingCycle: 'monthly',
    });
    expect(created.statusCode).toBe(201);
    const app = (await owner.client.get(`/api/subscriptions/${workspace.id}`)).json();
    expect(app).toMatchObject({ seats: 67, unitPriceMinor: 6_500, amountMinor: 67 * 6_500 });
    const page = (await owner.client.get(`/api/licenses?subscriptionId=${workspace.id}`)).json();
    expect(page.applications[0].utilisation.purchased).toBe(app.seats);
    expect(page.applications[0].pools[0].seatYearlyCostMinor).toBe(app.unitPriceMinor * 12);
    const pack = (await owner.client.get(`/api/renewals/${workspace.id}/pack`)).json();
    expect(pack.seats.bought).toBe(67);

    // A second tier at another price: 72 seats at the first tier's price would misstate the spend
    // (5 × $180 are not 5 × $65), so the application keeps its own seats and cost; the Licenses page
    // counts the 72 seats purchased.
    const second = await owner.client.post('/api/licenses', {
      subscriptionId: workspace.id,
      tierName: 'Business Plus',
      seats: 5,
      unitPriceMinor: 18_000,
      billingCycle: 'monthly',
    });
    expect(second.json()).toMatchObject({ seats: 5 });
    expect((await owner.client.get(`/api/subscriptions/${workspace.id}`)).json()).toMatchObject({
      seats: 67,
      amountMinor: 67 * 6_500,
    });
    const both = (await owner.client.get(`/api/licenses?subscriptionId=${workspace.id}`)).json();
    expect(both.applications[0].utilisation.purchased).toBe(72);

    // A second tier at the same price adds its seats to the application's count.
    const third = await owner.client.post('/api/licenses', {
      subscriptionId: workspace.id,
      tierName: 'Business Standard (EU)',
      seats: 3,
      unitPriceMinor: 6_500,
      billingCycle: 'monthly',
    });
    expect(third.statusCode).toBe(201);
    await owner.client.delete(`/api/licenses/${second.json().id}`);
    expect((await owner.client.get(`/api/subscriptions/${workspace.id}`)).json()).toMatchObject({
      seats: 70,
      amountMinor: 70 * 6_500,
    });
    const history = (await owner.client.get(`/api/subscriptions/${workspace.id}/history`)).json();
    expect(history.map((h: { to: { seats: number } }) => h.to.seats)).toContain(70);
  });
});
