import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets, memberships, notifications, organizations, settingsItems } from '../../db/schema';
import { testScheduler } from '../../test/scheduler';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription, registerUser } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { budgetAlertsJob } from './budgets.job';

let server: TestServer;
const clock = fixedClock('2026-02-15T12:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

type Client = ReturnType<typeof api>;

/** An organization on Growth whose fiscal year starts in April. */
async function growthOrg() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  await db
    .update(organizations)
    .set({ subscriptionPlan: 'pro', fiscalYearStartMonth: 4 })
    .where(eq(organizations.id, owner.orgId));
  return { owner, client: api(server.app, owner.cookie), db };
}

async function stack(orgId: string, client: Client) {
  const db = server.database.db;
  const [software] = await db
    .insert(settingsItems)
    .values({ organizationId: orgId, kind: 'categories', name: 'Software' })
    .returning();
  const a = await buildSubscription(db, orgId, {
    name: 'Alpha',
    amountMinor: 10000,
    billingCycle: 'monthly',
    startDate: '2025-01-01',
    nextRenewalDate: '2026-03-01',
    categoryId: software.id,
    department: 'Engineering',
  });
  const b = await buildSubscription(db, orgId, {
    name: 'Beta',
    amountMinor: 120000,
    billingCycle: 'annual',
    startDate: '2025-03-20',
    nextRenewalDate: '2026-03-20',
  });
  await buildSubscription(db, orgId, {
    name: 'Gone',
    amountMinor: 99999,
    status: 'cancelled',
    nextRenewalDate: '2026-03-02',
  });
  await buildSubscription(db, orgId, {
    name: 'Euro',
    amountMinor: 50000,
    currency: 'EUR',
    nextRenewalDate: '2026-03-03',
  });
  await buildSubscription(db, orgId, {
    name: 'Ending',
    amountMinor: 7000,
    autoRenew: false,
    nextRenewalDate: '2026-03-05',
  });
  const charge = (date: string, amountMinor: number, subscriptionId: string) =>
    client.post('/api/expenses', { date, amountMinor, merchant: `CHARGE ${date}`, subscriptionId });
  await charge('2025-03-15', 10000, a.id); // previous fiscal year
  await charge('2025-04-01', 10000, a.id);
  await charge('2026-01-01', 10000, a.id);
  await charge('2026-02-01', 10000, a.id);
  await charge('2025-03-20', 120000, b.id); // previous fiscal year
  await client.post('/api/expenses', { date: '2026-02-10', amountMinor: 5000, merchant: 'UNMATCHED THING' });
  return { software, a, b };
}

const budget = (client: Client, body: Record<string, unknown>) => client.post('/api/budgets', body);

/** Moves the clock to `to`, through a request in between so the 30-day session slides along. */
async function travel(client: Client, to: string) {
  clock.set('2026-03-12T12:00:00Z');
  await client.get('/api/organization');
  clock.set(to);
}

describe('budgets: plan gating, validation and tenancy', () => {
  it('needs Growth: Starter gets 403 plan_required on every route', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    for (const response of [
      await client.get('/api/budgets'),
      await budget(client, { name: 'All', period: 'monthly', amountMinor: 100, scope: 'organization' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    const rows = await server.database.db
      .select()
      .from(budgets)
      .where(eq(budgets.organizationId, owner.orgId));
    expect(rows).toHaveLength(0);
  });

  it('works during a Growth trial', async () => {
    const owner = await buildOrgOwner(server.app);
    await server.database.db
      .update(organizations)
      .set({ trialPlan: 'pro', accountStatus: 'trial', trialEndsAt: new Date('2026-02-25T00:00:00Z') })
      .where(eq(organizations.id, owner.orgId));
    expect((await api(server.app, owner.cookie).get('/api/budgets')).statusCode).toBe(200);
  });

  it('creates with defaults, marks the setup step, and refuses bad input', async () => {
    const { owner, client } = await growthOrg();
    const created = await budget(client, {
      name: 'Company',
      period: 'annual',
      amountMinor: 500000,
      scope: 'organization',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Company',
      currency: 'USD',
      thresholds: [80, 100],
      scopeId: null,
      scopeLabel: null,
    });
    expect((await client.get('/api/organizations')).json()[0].setupProgress.createBudget).toBe(true);
    const other = await growthOrg();
    const [foreign] = await server.database.db
      .insert(settingsItems)
      .values({ organizationId: other.owner.orgId, kind: 'categories', name: 'Theirs' })
      .returning();
    for (const body of [
      { name: 'x', period: 'monthly', amountMinor: 0, scope: 'organization' },
      { name: 'x', period: 'weekly', amountMinor: 100, scope: 'organization' },
      { name: 'x', period: 'monthly', amountMinor: 100, scope: 'category' },
      { name: 'x', period: 'monthly', amountMinor: 100, scope: 'department' },
      { name: 'x', period: 'monthly', amountMinor: 100, scope: 'category', scopeId: foreign.id },
      { name: 'x', period: 'monthly', amountMinor: 100, scope: 'organization', thresholds: [80, 80] },
      { name: 'x', period: 'monthly', amountMinor: 100, scope: 'organization', thresholds: [] },
      { name: '', period: 'monthly', amountMinor: 100, scope: 'organization' },
    ]) {
      const response = await budget(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields.length).toBeGreaterThan(0);
    }
    expect((await client.get('/api/budgets')).json()).toHaveLength(1);
    expect(owner.orgId).toBeTruthy();
  });

  it("edits and deletes; another tenant's budget is 404 and viewers cannot write", async () => {
    const { owner, client } = await growthOrg();
    const other = await growthOrg();
    const id = (
      await budget(client, { name: 'Company', period: 'monthly', amountMinor: 1000, scope: 'organization' })
    ).json().id;
    const edited = await client.patch(`/api/budgets/${id}`, {
      amountMinor: 2000,
      thresholds: [100, 50],
      scope: 'department',
      scopeValue: 'Sales',
    });
    expect(edited.json()).toMatchObject({
      amountMinor: 2000,
      thresholds: [50, 100],
      scope: 'department',
      scopeValue: 'Sales',
      scopeLabel: 'Sales',
    });
    expect((await client.patch(`/api/budgets/${id}`, { scope: 'application' })).statusCode).toBe(400);
    for (const response of [
      await other.client.get(`/api/budgets/${id}`),
      await other.client.get(`/api/budgets/${id}/history`),
      await other.client.patch(`/api/budgets/${id}`, { amountMinor: 1 }),
      await other.client.delete(`/api/budgets/${id}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const viewer = await registerUser(server.app);
    await server.database.db
      .insert(memberships)
      .values({ organizationId: owner.orgId, userId: viewer.id, role: 'viewer' });
    const asViewer = api(server.app, viewer.cookie);
    expect((await asViewer.get('/api/budgets')).json()).toHaveLength(1);
    expect((await asViewer.patch(`/api/budgets/${id}`, { amountMinor: 1 })).statusCode).toBe(403);
    expect((await client.delete(`/api/budgets/${id}`)).statusCode).toBe(204);
    expect((await client.get('/api/budgets')).json()).toEqual([]);
  });
});

describe('budget arithmetic across fiscal years (April start)', () => {
  it('counts every charge of the fiscal period (the whole organization: unmatched ones too) and what applications will still charge in it', async () => {
    const { owner, client } = await growthOrg();
    const { software, a } = await stack(owner.orgId, client);
    const status = async (body: Record<string, unknown>) =>
      (await budget(client, { name: 'b', amountMinor: 1_000_000, scope: 'organization', ...body })).json()
        .status;

    // FY 2025-04-01 … 2026-03-31: three Alpha charges and the unmatched 50.00 (the whole
    // organization's spend, matched to an application or not); Alpha on 1 Mar and Beta on 20 Mar
    // still to come.
    expect(await status({ period: 'annual' })).toEqual({
      periodStart: '2025-04-01',
      periodEnd: '2026-03-31',
      actualMinor: 35000,
      committedMinor: 130000,
      forecastMinor: 165000,
      remainingMinor: 965000,
      actualPercent: 3.5,
      forecastPercent: 16.5,
      actualThreshold: null,
      forecastThreshold: null,
      state: 'on-track',
      unconvertedCount: 0,
    });
    expect(await status({ period: 'quarterly' })).toMatchObject({
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      actualMinor: 25000,
      committedMinor: 130000,
    });
    expect(await status({ period: 'monthly' })).toMatchObject({
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      actualMinor: 15000,
      committedMinor: 0,
    });
    expect(await status({ period: 'annual', scope: 'category', scopeId: software.id })).toMatchObject({
      actualMinor: 30000,
      committedMinor: 10000,
    });
    expect(await status({ period: 'annual', scope: 'application', scopeId: a.id })).toMatchObject({
      actualMinor: 30000,
      committedMinor: 10000,
    });
    expect(await status({ period: 'annual', scope: 'department', scopeValue: 'engineering' })).toMatchObject({
      actualMinor: 30000,
    });
    // A EUR budget: the spend (in USD) has no rate into EUR here, so it is counted apart, not guessed.
    expect(await status({ period: 'annual', currency: 'EUR' })).toMatchObject({
      actualMinor: 0,
      committedMinor: 50000,
      unconvertedCount: 4,
    });

    // In April the fiscal year rolls over: last year's spend no longer counts.
    await travel(client, '2026-04-02T12:00:00Z');
    try {
      const list = (await client.get('/api/budgets')).json();
      const annual = list.find(
        (b: { period: string; scope: string; currency: string }) =>
          b.period === 'annual' && b.scope === 'organization' && b.currency === 'USD',
      );
      expect(annual.status).toMatchObject({
        periodStart: '2026-04-01',
        periodEnd: '2027-03-31',
        actualMinor: 0,
      });
      // Alpha monthly from 1 May to 1 Mar (11) + Beta on 20 Mar 2027.
      expect(annual.status.committedMinor).toBe(11 * 10000 + 120000);
    } finally {
      clock.set('2026-02-15T12:00:00Z');
    }
  });

  it('shows budget, actual and forecast by month, cumulative within each period', async () => {
    const { owner, client } = await growthOrg();
    await stack(owner.orgId, client);
    const id = (
      await budget(client, { name: 'Q', period: 'quarterly', amountMinor: 300000, scope: 'organization' })
    ).json().id;
    const history = (await client.get(`/api/budgets/${id}/history`)).json();
    expect(history.currency).toBe('USD');
    expect(history.months.map((m: { month: string }) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    const [apr, may] = history.months;
    expect(apr).toEqual({
      month: '2025-04',
      budgetMinor: 100000,
      actualMinor: 10000,
      forecastMinor: 10000,
      cumulativeBudgetMinor: 100000,
      cumulativeActualMinor: 10000,
      cumulativeForecastMinor: 10000,
    });
    expect(may).toMatchObject({
      budgetMinor: 100000,
      actualMinor: 0,
      cumulativeBudgetMinor: 200000,
      cumulativeActualMinor: 10000,
    });
    const [jan, feb, mar] = history.months.slice(9);
    expect(jan).toMatchObject({
      actualMinor: 10000,
      cumulativeBudgetMinor: 100000,
      cumulativeActualMinor: 10000,
    });
    // February: Alpha's 100.00 and the unmatched 50.00.
    expect(feb).toMatchObject({ actualMinor: 15000, forecastMinor: 15000, cumulativeActualMinor: 25000 });
    expect(mar).toMatchObject({
      actualMinor: null,
      forecastMinor: 130000,
      cumulativeBudgetMinor: 300000,
      cumulativeActualMinor: null,
      cumulativeForecastMinor: 155000,
    });
    const short = (await client.get(`/api/budgets/${id}/history?months=3`)).json();
    expect(short.months.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});

describe('budget threshold alerts', () => {
  const alertsOf = async (orgId: string) => {
    await server.app.deps.events.drain(); // budget checks follow expense writes as events
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, orgId), eq(notifications.type, 'budget-alert')));
    return rows.map((n) => n.dedupeKey).sort();
  };

  it('raises one notification per threshold, period and measure, however often it is evaluated', async () => {
    const { owner, client } = await growthOrg();
    const { a } = await stack(owner.orgId, client);
    // Quarter Jan–Mar: actual 25,000 (the unmatched charge included); forecast 155,000.
    const id = (
      await budget(client, {
        name: 'Software Q',
        period: 'quarterly',
        amountMinor: 160000,
        scope: 'organization',
      })
    ).json().id;
    expect(await alertsOf(owner.orgId)).toEqual([`budget:${id}:2026-01-01:80:forecast`]);
    const [forecast] = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, owner.orgId));
    expect(forecast).toMatchObject({
      title: 'Software Q is forecast to reach 80% of its budget',
      priority: 'low', // forecast still within the budget: nothing at stake yet
      actionUrl: '/app/budget',
    });

    // Spend arrives: actual crosses 80% and forecast 100%; writing again changes nothing.
    await client.post('/api/expenses', {
      date: '2026-02-14',
      amountMinor: 110000,
      merchant: 'BIG CHARGE',
      subscriptionId: a.id,
    });
    await client.post('/api/expenses', {
      date: '2026-02-14',
      amountMinor: 1,
      merchant: 'TINY CHARGE',
      subscriptionId: a.id,
    });
    await testScheduler(server.app.deps, [budgetAlertsJob]).tick();
    expect(await alertsOf(owner.orgId)).toEqual([
      `budget:${id}:2026-01-01:100:forecast`,
      `budget:${id}:2026-01-01:80:actual`,
      `budget:${id}:2026-01-01:80:forecast`,
    ]);
    const over = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `budget:${id}:2026-01-01:100:forecast`));
    expect(over[0].priority).toBe('high'); // forecast $1,050.01 over the budget

    // A new quarter starts over: the daily job alerts again once its forecast crosses.
    await travel(client, '2026-04-10T08:00:00Z');
    try {
      await testScheduler(server.app.deps, [budgetAlertsJob]).tick();
      expect((await alertsOf(owner.orgId)).filter((k) => k?.includes('2026-04-01'))).toEqual([]);
      await client.post('/api/expenses', {
        date: '2026-04-09',
        amountMinor: 150000,
        merchant: 'APRIL CHARGE',
        subscriptionId: a.id,
      });
      expect((await alertsOf(owner.orgId)).filter((k) => k?.includes('2026-04-01'))).toEqual([
        `budget:${id}:2026-04-01:100:forecast`,
        `budget:${id}:2026-04-01:80:actual`,
      ]);
    } finally {
      clock.set('2026-02-15T12:00:00Z');
    }
  });

  it('stays quiet for an organization that went back to Starter', async () => {
    const { owner, client, db } = await growthOrg();
    const { a } = await stack(owner.orgId, client);
    await budget(client, { name: 'Tiny', period: 'monthly', amountMinor: 100, scope: 'organization' });
    const before = (await alertsOf(owner.orgId)).length;
    expect(before).toBeGreaterThan(0);
    await db
      .update(organizations)
      .set({ subscriptionPlan: 'starter' })
      .where(eq(organizations.id, owner.orgId));
    await client.post('/api/expenses', {
      date: '2026-02-14',
      amountMinor: 5000,
      merchant: 'MORE',
      subscriptionId: a.id,
    });
    await db.delete(notifications).where(eq(notifications.organizationId, owner.orgId));
    await client.post('/api/expenses', {
      date: '2026-02-14',
      amountMinor: 5000,
      merchant: 'EVEN MORE',
      subscriptionId: a.id,
    });
    expect(await alertsOf(owner.orgId)).toEqual([]);
  });
});
