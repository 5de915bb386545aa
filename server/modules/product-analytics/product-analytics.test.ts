import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, fxRates } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { allocate, buildBrand, defaultsOf } from '../../test/factories/allocation-fixtures';
import { api, buildOrgOwner, buildersFor } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-31T12:00:00Z');
let server: TestServer;
const db = () => server.database.db;
const build = buildersFor(db);
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);

let client: ReturnType<typeof api>;
let orgId: string;
const ids = {} as Record<'slack' | 'notion' | 'figma' | 'free', string>;

/**
 * Slack: 10 paid seats at $8/month, four holders seen 2, 20 and 45 days ago and never (an import).
 * Notion: 5 seats at $10, two holders and no activity at all. Figma: 2 seats at €15 (no EUR rate).
 * A free tool is left out of the paid figures.
 */
beforeAll(async () => {
  server = await getTestServer({ clock });
  const owner = await buildOrgOwner(server.app);
  orgId = owner.orgId;
  await build.plan(orgId, 'pro');
  client = api(server.app, owner.cookie);
  const person = (department: string, overrides = {}) => build.person(orgId, { department, ...overrides });
  const [p1, p2, p3] = [
    await person('Engineering'),
    await person('Engineering'),
    await person('Engineering'),
  ];
  const [p4, p5] = [await person('Sales'), await person('Sales')];
  await person('Sales');
  const leaver = await person('Sales', { status: 'offboarded' });

  const slack = await build.subscription(orgId, { name: 'Slack' });
  const notion = await build.subscription(orgId, { name: 'Notion' });
  const figma = await build.subscription(orgId, { name: 'Figma', currency: 'EUR' });
  const free = await build.subscription(orgId, { name: 'Free Tool' });
  Object.assign(ids, { slack: slack.id, notion: notion.id, figma: figma.id, free: free.id });

  const slackPool = await build.pool(orgId, slack.id, { seats: 10, unitPriceMinor: 800 });
  const seen = (n: number | null) =>
    n === null
      ? { source: 'csv' as const }
      : { lastActiveAt: daysAgo(n), source: 'csv' as const, activitySignal: 'usage' as const };
  await build.assignment(orgId, slackPool.id, p1.id, seen(2));
  await build.assignment(orgId, slackPool.id, p2.id, seen(20));
  await build.assignment(orgId, slackPool.id, p3.id, seen(45));
  await build.assignment(orgId, slackPool.id, p4.id, seen(null));
  // A closed seat of someone who left counts in no current figure.
  await build.assignment(orgId, slackPool.id, leaver.id, { ...seen(200), unassignedAt: daysAgo(150) });

  const notionPool = await build.pool(orgId, notion.id, { seats: 5, unitPriceMinor: 1_000 });
  await build.assignment(orgId, notionPool.id, p1.id);
  await build.assignment(orgId, notionPool.id, p5.id);

  await build.pool(orgId, figma.id, { seats: 2, unitPriceMinor: 1_500, currency: 'EUR' });
  const freePool = await build.pool(orgId, free.id, { seats: null, unitPriceMinor: 0 });
  await build.assignment(orgId, freePool.id, p2.id, seen(1));
});
afterAll(() => server.close());

describe('GET /api/product-analytics/overview', () => {
  it('answers seats, utilisation and costs per paid application', async () => {
    const response = await client.get('/api/product-analytics/overview');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currency).toBe('USD');
    expect(body.inactivityDays).toBe(30);
    const byName = Object.fromEntries(body.applications.map((a: { name: string }) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(['Figma', 'Notion', 'Slack']);
    expect(byName.Slack).toEqual({
      subscriptionId: ids.slack,
      name: 'Slack',
      purchased: 10,
      assigned: 4,
      active: 2,
      activePct: 50,
      assignedPct: 40,
      usagePct: 20,
      monthlyCostMinor: 8_000,
      costPerActiveMinor: 4_000,
      // 6 unassigned + 2 inactive seats at $8.
      unusedCostMinor: 6_400,
      hasUsageData: true,
      overAssignedBy: 0,
    });
    expect(byName.Notion).toMatchObject({
      assigned: 2,
      active: 0,
      hasUsageData: false,
      costPerActiveMinor: null,
    });
    // No EUR rate: Figma's cost is unknown, not zero, and named.
    expect(byName.Figma).toMatchObject({ monthlyCostMinor: null, unusedCostMinor: null });
    expect(body.unconvertedCurrencies).toEqual(['EUR']);
    expect(body.totals).toEqual({
      purchased: 17,
      assigned: 6,
      active: 2,
      activePct: 33,
      assignedPct: 35,
      usagePct: 12,
      monthlyCostMinor: 13_000,
      unusedCostMinor: 11_400,
      costPerActiveMinor: 6_500,
    });
    // Only applications with usage data are ranked.
    expect(body.leastUsed).toEqual([{ subscriptionId: ids.slack, name: 'Slack', usagePct: 20 }]);
    expect(body.mostUsed).toEqual([{ subscriptionId: ids.slack, name: 'Slack', usagePct: 20 }]);
    expect(body.noUsageData).toEqual([
      { subscriptionId: ids.notion, name: 'Notion', assigned: 2, hint: expect.stringContaining('Notion') },
    ]);
  });

  it('answers zeros and empty lists for a new organization', async () => {
    const owner = await buildOrgOwner(server.app);
    await build.plan(owner.orgId, 'pro');
    const empty = api(server.app, owner.cookie);
    const overview = (await empty.get('/api/product-analytics/overview')).json();
    expect(overview.applications).toEqual([]);
    expect(overview.totals).toMatchObject({ purchased: 0, assigned: 0, active: 0, usagePct: null });
    const activity = (await empty.get('/api/product-analytics/active-users')).json();
    expect(activity.series).toHaveLength(1);
    expect(activity.series[0].points).toHaveLength(12);
    expect(activity.firstActivityMonth).toBeNull();
    expect((await empty.get('/api/product-analytics/last-use')).json().overall.total).toBe(0);
    expect((await empty.get('/api/product-analytics/adoption')).json().groups).toEqual([]);
  });
});

describe('GET /api/product-analytics/active-users', () => {
  it('counts people last seen each month and says which months the data cannot tell', async () => {
    const response = await client.get('/api/product-analytics/active-users?from=2026-01&to=2026-03');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      from: '2026-01',
      to: '2026-03',
      interval: 'month',
      firstActivityMonth: '2025-09',
    });
    const series = Object.fromEntries(body.series.map((s: { name: string }) => [s.name, s]));
    expect(series.Slack.points).toEqual([
      // p1, p2 and p3 were seen later: January is unknown for them; p4 was never seen.
      { month: '2026-01', active: 0, inactive: 1, unknown: 3 },
      { month: '2026-02', active: 1, inactive: 1, unknown: 2 },
      { month: '2026-03', active: 2, inactive: 2, unknown: 0 },
    ]);
    // No activity data at all: unknown, never inactive.
    expect(series.Notion.points.map((p: { unknown: number }) => p.unknown)).toEqual([2, 2, 2]);
    // Five distinct people: p1 holds Slack and Notion, p2 Slack and the free tool; each counts once.
    expect(series['All applications'].points).toEqual([
      { month: '2026-01', active: 0, inactive: 1, unknown: 4 },
      { month: '2026-02', active: 1, inactive: 1, unknown: 3 },
      { month: '2026-03', active: 2, inactive: 2, unknown: 1 },
    ]);
  });

  it('narrows to one application', async () => {
    const body = (
      await client.get(`/api/product-analytics/active-users?subscriptionId=${ids.notion}`)
    ).json();
    expect(body.series.map((s: { name: string }) => s.name)).toEqual(['All applications', 'Notion']);
    expect(body.from).toBe('2025-04');
    expect(body.to).toBe('2026-03');
  });

  it('refuses bad input with 400 and another tenant application with 404', async () => {
    for (const query of [
      'interval=week',
      'from=2026-13',
      'from=2026-03&to=2026-01',
      'from=2020-01&to=2026-01',
      'subscriptionId=nope',
    ]) {
      expect((await client.get(`/api/product-analytics/active-users?${query}`)).statusCode).toBe(400);
    }
    const other = await buildOrgOwner(server.app);
    const theirs = await build.subscription(other.orgId);
    const response = await client.get(`/api/product-analytics/active-users?subscriptionId=${theirs.id}`);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/product-analytics/adoption', () => {
  it('answers people, license holders and active people per department', async () => {
    const body = (await client.get('/api/product-analytics/adoption?groupBy=department')).json();
    expect(body.groupBy).toBe('department');
    expect(body.applications.map((a: { name: string }) => a.name)).toEqual(['Slack', 'Notion', 'Free Tool']);
    const engineering = body.groups.find((g: { name: string }) => g.name === 'Engineering');
    const sales = body.groups.find((g: { name: string }) => g.name === 'Sales');
    expect(engineering).toMatchObject({ people: 3, licensed: 3, active: 2, adoptionPct: 67 });
    expect(engineering.applications[0]).toEqual({
      subscriptionId: ids.slack,
      holders: 3,
      active: 2,
      adoptionPct: 67,
    });
    // The offboarded person is not counted; one of three people holds no seat.
    expect(sales).toMatchObject({ people: 3, licensed: 2, active: 0, adoptionPct: 0 });
  });

  it('refuses an unknown grouping', async () => {
    expect((await client.get('/api/product-analytics/adoption?groupBy=team')).statusCode).toBe(400);
  });
});

describe('GET /api/product-analytics/last-use', () => {
  it('buckets open seats by days since last use, per application and overall', async () => {
    const body = (await client.get('/api/product-analytics/last-use')).json();
    expect(body.overall).toEqual({
      total: 7,
      buckets: { '0-7': 2, '8-30': 1, '31-60': 1, '61-90': 0, 'over-90': 0, never: 3 },
    });
    expect(body.applications[0]).toEqual({
      subscriptionId: ids.slack,
      name: 'Slack',
      total: 4,
      buckets: { '0-7': 1, '8-30': 1, '31-60': 1, '61-90': 0, 'over-90': 0, never: 1 },
    });
  });
});

describe('entity and brand filter', () => {
  it('counts the pools allocated to the brand (through their application)', async () => {
    const defaults = await defaultsOf(db(), orgId);
    const kestrel = await buildBrand(db(), orgId, 'Kestrel', defaults.entityId);
    await allocate(db(), orgId, 'subscription', ids.slack, [
      { entityId: defaults.entityId, brandId: kestrel.id, basisPoints: 10_000 },
    ]);
    const names = async (brandId: string) =>
      (await client.get(`/api/product-analytics/overview?brandId=${brandId}`))
        .json()
        .applications.map((a: { name: string }) => a.name)
        .sort();
    expect(await names(kestrel.id)).toEqual(['Slack']);
    expect(await names(defaults.brandId)).toEqual(['Figma', 'Notion']);
    const lastUse = (await client.get(`/api/product-analytics/last-use?brandId=${kestrel.id}`)).json();
    expect(lastUse.overall.total).toBe(4);
    expect((await client.get('/api/product-analytics/overview?brandId=nope')).statusCode).toBe(400);
  });

  it("counts a shared application's seat cost by its share: the brands add up to the whole", async () => {
    const defaults = await defaultsOf(db(), orgId);
    const osprey = await buildBrand(db(), orgId, 'Osprey', defaults.entityId);
    await allocate(db(), orgId, 'subscription', ids.notion, [
      { entityId: defaults.entityId, brandId: defaults.brandId, basisPoints: 6_000 },
      { entityId: defaults.entityId, brandId: osprey.id, basisPoints: 4_000 },
    ]);
    const totals = async (query: string) =>
      (await client.get(`/api/product-analytics/overview${query}`)).json().totals as {
        monthlyCostMinor: number;
        unusedCostMinor: number;
      };
    const whole = await totals('');
    const all = await db().select({ id: brands.id }).from(brands).where(eq(brands.organizationId, orgId));
    const parts = await Promise.all(all.map((b) => totals(`?brandId=${b.id}`)));
    const sum = (key: 'monthlyCostMinor' | 'unusedCostMinor') => parts.reduce((t, p) => t + p[key], 0);
    expect(sum('monthlyCostMinor')).toBe(whole.monthlyCostMinor);
    expect(sum('unusedCostMinor')).toBe(whole.unusedCostMinor);
    // Notion: 5 seats at $10 a month, 40 % of it Osprey's.
    expect((await totals(`?brandId=${osprey.id}`)).monthlyCostMinor).toBe(2_000);
  });
});

describe('currencies', () => {
  it("converts each tier's cost into the organization's currency at today's rate", async () => {
    const owner = await buildOrgOwner(server.app);
    await build.plan(owner.orgId, 'pro');
    const figma = await build.subscription(owner.orgId, { name: 'Figma', currency: 'EUR' });
    await build.pool(owner.orgId, figma.id, { seats: 2, unitPriceMinor: 1_500, currency: 'EUR' });
    await db().insert(fxRates).values({
      organizationId: owner.orgId,
      date: '2026-03-30',
      base: 'EUR',
      quote: 'USD',
      rate: '1.1000',
      source: 'csv',
    });
    const body = (await api(server.app, owner.cookie).get('/api/product-analytics/overview')).json();
    expect(body.unconvertedCurrencies).toEqual([]);
    // 2 seats × €15 = €30 a month → $33; both seats unused.
    expect(body.applications[0]).toMatchObject({ monthlyCostMinor: 3_300, unusedCostMinor: 3_300 });
    expect(body.totals.monthlyCostMinor).toBe(3_300);
  });
});

describe('plans', () => {
  it('answers 403 plan_required on Starter for every route', async () => {
    const owner = await buildOrgOwner(server.app);
    const starter = api(server.app, owner.cookie);
    for (const path of ['overview', 'active-users', 'adoption', 'last-use']) {
      const response = await starter.get(`/api/product-analytics/${path}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
  });
});
