import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildPerson, buildSubscription, setPlan } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

// Analytics over one organization's expenses in three currencies (EUR with rates, GBP without):
// figures equal the stored expenses' sums, by every dimension, per month and fiscal quarter.
let server: TestServer;
let client: ReturnType<typeof api>;
let orgId: string;
const ids = {} as Record<'design' | 'crm' | 'catDesign' | 'catSales' | 'card' | 'vendor', string>;

const db = () => server.app.deps.db;
const addExpense = async (values: {
  date: string;
  amountMinor: number;
  currency?: string;
  subscriptionId?: string | null;
  categoryId?: string | null;
  department?: string | null;
  paymentMethodId?: string | null;
  vendorId?: string | null;
  org?: string;
}) => {
  await db()
    .execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
    merchant_name, subscription_id, match_status, category_id, department, payment_method_id, vendor_id)
    values (${values.org ?? orgId}, ${values.date}, ${values.amountMinor}, ${values.currency ?? 'USD'}, 'M', 'm', 'M',
      ${values.subscriptionId ?? null}, ${values.subscriptionId ? 'matched' : 'unmatched'},
      ${values.categoryId ?? null}, ${values.department ?? null}, ${values.paymentMethodId ?? null}, ${values.vendorId ?? null})`);
};
const settingsItem = async (kind: string, name: string) =>
  (
    await db().execute(
      sql`insert into settings_items (organization_id, kind, name) values (${orgId}, ${kind}, ${name})
      on conflict (organization_id, kind, lower(name)) do update set name = excluded.name returning id`,
    )
  ).rows[0]!.id as string;

beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });
  const owner = await buildOrgOwner(server.app);
  orgId = owner.orgId;
  client = api(server.app, owner.cookie);
  await setPlan(db(), orgId, 'scale');
  ids.catDesign = await settingsItem('categories', 'Design');
  ids.catSales = await settingsItem('categories', 'Sales');
  ids.card = await settingsItem('payment-methods', 'Amex');
  ids.vendor = (
    await db().execute(
      sql`insert into vendors (organization_id, name) values (${orgId}, 'Figma Inc') returning id`,
    )
  ).rows[0]!.id as string;
  ids.design = (
    await buildSubscription(db(), orgId, {
      name: 'Figma',
      categoryId: ids.catDesign,
      department: 'Design',
      vendorId: ids.vendor,
      amountMinor: 10_000,
      startDate: '2025-01-01',
      nextRenewalDate: '2026-03-15',
    })
  ).id;
  ids.crm = (
    await buildSubscription(db(), orgId, {
      name: 'CRM',
      categoryId: ids.catSales,
      department: 'Sales',
      billingCycle: 'annual',
      amountMinor: 120_000,
      startDate: '2025-06-01',
      nextRenewalDate: '2026-06-01',
    })
  ).id;
  await db().execute(sql`insert into fx_rates (organization_id, date, base, quote, rate) values
    (${orgId}, '2026-01-05', 'EUR', 'USD', '1.10'), (${orgId}, '2026-02-05', 'EUR', 'USD', '1.20')`);
  // Jan: Figma 100.00 USD + 50.00 EUR (→ 55.00); Feb: Figma 100.00 USD, one with its own category
  // and department; unmatched 20.00 USD paid by card; Mar: CRM 1200.00 USD, 30.00 GBP with no rate.
  await addExpense({ date: '2026-01-05', amountMinor: 10_000, subscriptionId: ids.design });
  await addExpense({ date: '2026-01-06', amountMinor: 5_000, currency: 'EUR', subscriptionId: ids.design });
  await addExpense({
    date: '2026-02-05',
    amountMinor: 10_000,
    subscriptionId: ids.design,
    categoryId: ids.catSales,
    department: 'Marketing',
  });
  await addExpense({ date: '2026-02-20', amountMinor: 2_000, paymentMethodId: ids.card });
  await addExpense({ date: '2026-03-01', amountMinor: 120_000, subscriptionId: ids.crm });
  await addExpense({ date: '2026-03-02', amountMinor: 3_000, currency: 'GBP', subscriptionId: ids.crm });
  await buildPerson(db(), orgId, { status: 'active' });
  await buildPerson(db(), orgId, { status: 'active' });
  await buildPerson(db(), orgId, { status: 'offboarded' });
});
afterAll(() => server.close());

const Q1 = 'from=2026-01-01&to=2026-03-31';
const spend = async (query: string) => {
  const response = await client.get(`/api/analytics/spend?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const seriesOf = (body: { series: Array<{ key: string }> }, key: string) =>
  body.series.find((s) => s.key === key) as unknown as {
    label: string;
    totalMinor: number;
    actual: number[];
    committed: number[] | null;
    drill: Record<string, string> | null;
  };

describe('GET /api/analytics/spend', () => {
  it('totals equal the stored expenses converted at their dates; a charge with no rate is counted apart', async () => {
    const body = await spend(Q1);
    expect(body.currency).toBe('USD');
    expect(body.periods.map((p: { key: string }) => p.key)).toEqual(['2026-01', '2026-02', '2026-03']);
    const total = seriesOf(body, '');
    expect(total.actual).toEqual([15_500, 12_000, 120_000]);
    expect(body.totals.actualMinor).toBe(147_500);
    expect(body.unconverted).toEqual([{ currency: 'GBP', amountMinor: 3_000, count: 1 }]);
    expect(body.totals.employees).toBe(2);
    expect(body.totals.costPerEmployeeMinor).toBe(73_750);
  });

  it("groups by category: an expense's own category wins over its application's, none is its own group", async () => {
    const body = await spend(`${Q1}&groupBy=category`);
    expect(seriesOf(body, ids.catDesign)).toMatchObject({ label: 'Design', actual: [15_500, 0, 0] });
    expect(seriesOf(body, ids.catSales)).toMatchObject({ label: 'Sales', actual: [0, 10_000, 120_000] });
    expect(seriesOf(body, '')).toMatchObject({ label: 'Uncategorized', actual: [0, 2_000, 0] });
    expect(seriesOf(body, ids.catSales).drill).toEqual({ categoryId: ids.catSales });
    expect(seriesOf(body, '').drill).toEqual({ noCategory: 'true' });
  });

  it('groups by department, vendor, payment method, application and brand', async () => {
    const department = await spend(`${Q1}&groupBy=department`);
    expect(seriesOf(department, 'Design').actual).toEqual([15_500, 0, 0]);
    expect(seriesOf(department, 'Marketing').actual).toEqual([0, 10_000, 0]);
    expect(seriesOf(department, 'Sales').drill).toEqual({ department: 'Sales' });
    const vendor = await spend(`${Q1}&groupBy=vendor`);
    expect(seriesOf(vendor, ids.vendor)).toMatchObject({ label: 'Figma Inc', totalMinor: 25_500 });
    const method = await spend(`${Q1}&groupBy=paymentMethod`);
    expect(seriesOf(method, ids.card)).toMatchObject({ label: 'Amex', totalMinor: 2_000, committed: null });
    const application = await spend(`${Q1}&groupBy=application`);
    expect(seriesOf(application, ids.crm)).toMatchObject({ label: 'CRM', totalMinor: 120_000 });
    expect(seriesOf(application, '')).toMatchObject({ totalMinor: 2_000, drill: { unmatched: 'true' } });
    const brand = await spend(`${Q1}&groupBy=brand`);
    expect(brand.series).toHaveLength(1);
    expect(brand.series[0].totalMinor).toBe(147_500);
  });

  it('keeps the top groups and sums the rest into Other', async () => {
    const body = await spend(`${Q1}&groupBy=application&top=1`);
    expect(body.series.map((s: { key: string }) => s.key)).toEqual([ids.crm, 'other']);
    expect(seriesOf(body, 'other')).toMatchObject({
      label: 'Other',
      totalMinor: 27_500,
      drill: { exceptBy: 'subscriptionId', except: ids.crm },
    });
  });

  it('drills into "Other" and the total: the ledger sums agree with the figures (issue 31)', async () => {
    const ledgerSum = async (drill: Record<string, string>) => {
      const params = new URLSearchParams({ ...drill, from: '2026-01-01', to: '2026-03-31', convert: 'true' });
      const response = await client.get(`/api/expenses/totals?${params.toString()}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().converted.amountMinor as number;
    };
    for (const groupBy of ['application', 'category', 'vendor', 'department', 'owner']) {
      const body = await spend(`${Q1}&groupBy=${groupBy}&top=1`);
      const other = body.series.find((s: { key: string }) => s.key === 'other');
      if (!other) continue;
      expect(other.drill, groupBy).not.toBeNull();
      expect(await ledgerSum(other.drill), groupBy).toBe(other.totalMinor);
      // The shown groups and "Other" add up to the whole period, which the TOTAL drill lists.
      expect(await ledgerSum({}), groupBy).toBe(body.totals.actualMinor);
    }
  });

  it('spreads committed spend per month: monthly equivalents of live applications from their start', async () => {
    const body = await spend(`${Q1}&groupBy=application`);
    expect(seriesOf(body, ids.design).committed).toEqual([10_000, 10_000, 10_000]);
    expect(seriesOf(body, ids.crm).committed).toEqual([10_000, 10_000, 10_000]);
    expect(body.totals.committedMinor).toBe(60_000);
  });

  it('charts fiscal quarters and years of a fiscal year starting in April', async () => {
    await db().execute(sql`update organizations set fiscal_year_start_month = 4 where id = ${orgId}`);
    try {
      const body = await spend('from=2025-12-01&to=2026-05-31&interval=quarter');
      expect(body.periods).toEqual([
        { key: '2026-Q3', label: 'FY2026 Q3', start: '2025-12-01', end: '2025-12-31' },
        { key: '2026-Q4', label: 'FY2026 Q4', start: '2026-01-01', end: '2026-03-31' },
        { key: '2027-Q1', label: 'FY2027 Q1', start: '2026-04-01', end: '2026-05-31' },
      ]);
      expect(seriesOf(body, '').actual).toEqual([0, 147_500, 0]);
      const years = await spend('from=2025-04-01&to=2026-06-30&interval=year');
      expect(years.periods.map((p: { key: string }) => p.key)).toEqual(['FY2026', 'FY2027']);
    } finally {
      await db().execute(sql`update organizations set fiscal_year_start_month = 1 where id = ${orgId}`);
    }
  });

  it('compares with a second period cut into the same groups (Scale)', async () => {
    const body = await spend(`${Q1}&groupBy=category&compareFrom=2025-10-01&compareTo=2025-12-31`);
    expect(body.compare.series.map((s: { key: string }) => s.key)).toEqual(
      body.series.map((s: { key: string }) => s.key),
    );
    expect(body.compare.totals.actualMinor).toBe(0);
  });

  it('agrees with the ledger: an application series equals GET /api/expenses for its filter', async () => {
    const body = await spend(`${Q1}&groupBy=application`);
    const crm = seriesOf(body, ids.crm);
    const ledger = await client.get(`/api/expenses?from=2026-01-01&to=2026-03-31&subscriptionId=${ids.crm}`);
    const usd = ledger.json().totals.find((t: { currency: string }) => t.currency === 'USD');
    expect(crm.totalMinor).toBe(usd.amountMinor);
    const all = await client.get('/api/expenses?from=2026-01-01&to=2026-03-31&match=unmatched');
    expect(seriesOf(body, '').totalMinor).toBe(all.json().totals[0].amountMinor);
  });

  it('answers 400 for bad ranges and nothing else', async () => {
    for (const query of [
      'from=2026-03-01&to=2026-01-31',
      'from=2026-01-02&to=2026-03-31',
      'from=2026-01-01&to=2026-03-30',
      'from=2020-01-01&to=2026-03-31',
      'from=2026-01-01',
      'groupBy=team',
      'compareFrom=2026-01-01',
    ]) {
      const response = await client.get(`/api/analytics/spend?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/analytics/pivot', () => {
  it('tabulates one dimension against another', async () => {
    const response = await client.get(`/api/analytics/pivot?${Q1}&rows=category&columns=department`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const row = body.rows.findIndex((r: { key: string }) => r.key === ids.catSales);
    const column = body.columns.findIndex((c: { key: string }) => c.key === 'Marketing');
    expect(body.cells[row][column]).toBe(10_000);
    expect(body.totalMinor).toBe(147_500);
    expect(body.rowTotals.reduce((a: number, b: number) => a + b, 0)).toBe(147_500);
  });
});

describe('GET /api/analytics/forecast', () => {
  it('starts with the current month (spent so far + still due) after "last 12 months" of history', async () => {
    const response = await client.get('/api/analytics/forecast?months=4');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Today is 10 Mar 2026: history is Mar 2025 – Feb 2026, the forecast Mar – Jun 2026.
    expect(body.history).toHaveLength(12);
    expect(body.history[0].month).toBe('2025-03');
    expect(body.history.at(-1)).toEqual({ month: '2026-02', actualMinor: 12_000 });
    expect(body).toMatchObject({ from: '2026-03-01', to: '2026-06-30' });
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    // March: CRM's 1200.00 already charged (the GBP charge has no rate), Figma's 100.00 still due on
    // the 15th; CRM's annual 1200.00 renews in June.
    expect(body.months.map((m: { actualMinor: number }) => m.actualMinor)).toEqual([120_000, 0, 0, 0]);
    expect(body.months.map((m: { committedMinor: number }) => m.committedMinor)).toEqual([
      10_000, 10_000, 10_000, 130_000,
    ]);
    // Uncovered over Sep–Feb: Jan 55.00 (EUR beyond Figma's 100.00), Feb 20.00 unmatched → 75.00 / 6;
    // March gets it for its 22 days left of 31.
    expect(body.months.map((m: { trendMinor: number }) => m.trendMinor)).toEqual([887, 1_250, 1_250, 1_250]);
    expect(body.months[0].forecastMinor).toBe(120_000 + 10_000 + 887);
    expect(body.totalMinor).toBe(130_887 + 11_250 + 11_250 + 131_250);
    expect(body.method).toMatch(/average of the last 6/);
  });

  it("agrees with the dashboard's \"due in the next 30 days\" for the rest of the month", async () => {
    const body = (await client.get('/api/analytics/forecast?months=2')).json();
    const dashboard = (await client.get('/api/dashboard/summary')).json();
    // 10 Mar – 8 Apr: Figma on 15 Mar (this month's part), nothing else until Figma on 15 Apr.
    expect(body.months[0].committedMinor).toBe(10_000);
    // The dashboard shows contract renewals and recurring charges apart; together they are what is due.
    expect(dashboard.renewalsNext30DaysMinor + dashboard.recurringChargesNext30DaysMinor).toBe(
      body.months[0].committedMinor,
    );
  });
});

describe('GET /api/analytics/movers', () => {
  it('compares each application with the period just before', async () => {
    const response = await client.get('/api/analytics/movers?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ previousFrom: '2026-02-01', previousTo: '2026-02-28' });
    // CRM had no spend in February: it is new, not "+∞ %"; Figma and the unmatched charges stopped.
    expect(body.increases[0]).toEqual({
      subscriptionId: ids.crm,
      name: 'CRM',
      previousMinor: 0,
      currentMinor: 120_000,
      changeMinor: 120_000,
      kind: 'new',
      changePercent: null,
    });
    expect(
      body.decreases.map((d: { name: string; kind: string; changePercent: number }) => [
        d.name,
        d.kind,
        d.changePercent,
      ]),
    ).toEqual([
      ['Figma', 'stopped', null],
      ['Unmatched charges', 'stopped', null],
    ]);
  });

  it('gives a percent for an application with spend in both periods', async () => {
    const body = (await client.get('/api/analytics/movers?from=2026-02-01&to=2026-02-28')).json();
    // Figma: January 155.00 (100.00 USD + 50.00 EUR at 1.10), February 100.00.
    expect(body.decreases).toContainEqual(
      expect.objectContaining({ name: 'Figma', kind: 'change', changeMinor: -5_500, changePercent: -35.5 }),
    );
  });
});

describe('GET /api/analytics/budgets', () => {
  it('prorates each budget to the range and counts its actual spend as budgets do (every charge, converted)', async () => {
    const created = await client.post('/api/budgets', {
      name: 'Design tools',
      period: 'annual',
      amountMinor: 120_000,
      currency: 'USD',
      scope: 'category',
      scopeId: ids.catDesign,
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await client.get(`/api/analytics/budgets?${Q1}`);
    expect(response.statusCode, response.body).toBe(200);
    const [budget] = response.json().budgets;
    expect(budget).toMatchObject({
      name: 'Design tools',
      scope: 'Category: Design',
      currency: 'USD',
      budgetMinor: 30_000,
      // January's Figma charges: 100.00 USD + 50.00 EUR at 1.10 (February's has its own category, Sales).
      actualMinor: 15_500,
      percent: 51.7,
      status: 'on-track',
    });
  });
});

describe('plans and tenancy', () => {
  it('Starter gets 403 plan_required; Growth gets presets but not custom ranges, comparisons, pivots or views', async () => {
    const other = await buildOrgOwner(server.app);
    const otherClient = api(server.app, other.cookie);
    await setPlan(db(), other.orgId, 'starter');
    const starter = await otherClient.get('/api/analytics/spend');
    expect(starter.statusCode).toBe(403);
    expect(starter.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });

    await setPlan(db(), other.orgId, 'pro');
    expect((await otherClient.get('/api/analytics/spend?preset=last_quarter')).statusCode).toBe(200);
    // The dates of "this quarter" on 2026-03-10 are a preset's: allowed on Growth.
    expect((await otherClient.get('/api/analytics/spend?from=2026-01-01&to=2026-03-31')).statusCode).toBe(
      200,
    );
    for (const url of [
      '/api/analytics/spend?from=2026-02-01&to=2026-03-31',
      '/api/analytics/spend?preset=this_quarter&compareFrom=2025-10-01&compareTo=2025-12-31',
      '/api/analytics/pivot?rows=category&columns=vendor',
      '/api/analytics/views',
    ]) {
      const response = await otherClient.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    }
    expect((await otherClient.get('/api/analytics/spend?from=2026-02-01&to=2026-03-31')).json().message).toBe(
      'Custom date ranges need the Scale plan.',
    );
    const saved = await otherClient.post('/api/analytics/views', { name: 'Mine', query: '' });
    expect(saved.statusCode).toBe(403);
    const [{ n }] = (
      await db().execute(
        sql`select count(*)::int as n from analytics_views where organization_id = ${other.orgId}`,
      )
    ).rows as Array<{ n: number }>;
    expect(n).toBe(0);
  });

  it("another organization's entity or brand is a 404; its views are invisible", async () => {
    const other = await buildOrgOwner(server.app);
    await setPlan(db(), other.orgId, 'scale');
    const otherClient = api(server.app, other.cookie);
    const [entity] = (await db().execute(sql`select id from entities where organization_id = ${other.orgId}`))
      .rows as Array<{ id: string }>;
    const [brand] = (await db().execute(sql`select id from brands where organization_id = ${other.orgId}`))
      .rows as Array<{ id: string }>;
    expect((await client.get(`/api/analytics/spend?entityId=${entity!.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/analytics/movers?brandId=${brand!.id}`)).statusCode).toBe(404);
    const view = await otherClient.post('/api/analytics/views', { name: 'Theirs', query: 'groupBy=vendor' });
    expect(view.statusCode).toBe(201);
    expect((await client.get('/api/analytics/views')).json()).not.toContainEqual(
      expect.objectContaining({ name: 'Theirs' }),
    );
    expect((await client.delete(`/api/analytics/views/${view.json().id}`)).statusCode).toBe(404);
  });
});

describe('saved views', () => {
  it('creates, lists and deletes; a duplicate name is 409 and a blank one 400', async () => {
    const created = await client.post('/api/analytics/views', { name: 'By vendor', query: 'groupBy=vendor' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await client.post('/api/analytics/views', { name: 'by VENDOR', query: '' })).statusCode).toBe(
      409,
    );
    expect((await client.post('/api/analytics/views', { name: '  ', query: '' })).statusCode).toBe(400);
    const list = (await client.get('/api/analytics/views')).json();
    expect(list).toEqual([expect.objectContaining({ name: 'By vendor', query: 'groupBy=vendor' })]);
    expect((await client.delete(`/api/analytics/views/${created.json().id}`)).statusCode).toBe(204);
    expect((await client.get('/api/analytics/views')).json()).toEqual([]);
  });
});

describe('committed spend is dated', () => {
  it('an application added today commits nothing to the months already past', async () => {
    const before = await spend(`${Q1}&groupBy=none`);
    const created = await client.post('/api/subscriptions', {
      name: 'Added today',
      amountMinor: 5_000,
      billingCycle: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await spend(`${Q1}&groupBy=application`);
    // Added on 10 Mar 2026 with no start date: it counts from March only.
    expect(seriesOf(after, created.json().id).committed).toEqual([0, 0, 5_000]);
    const total = await spend(`${Q1}&groupBy=none`);
    expect(seriesOf(before, '').committed).toEqual([20_000, 20_000, 20_000]);
    expect(seriesOf(total, '').committed).toEqual([20_000, 20_000, 25_000]);
  });
});
