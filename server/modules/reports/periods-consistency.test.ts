import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

// Issue 31, "periods": one hand-built organization (USD, with EUR charges that have rates and GBP
// ones that have none) read through every screen's API on 2 Dec 2026. "Last 12 months" is one
// window (Dec 2025 – Nov 2026) with one currency rule on Analytics, the executive summary and the
// Expenses chart; a budget reads the same on the Budgets page and in the reports.
let server: TestServer;
let client: ReturnType<typeof api>;
let orgId: string;
const ids = {} as Record<'design' | 'tableau' | 'category', string>;

const db = () => server.app.deps.db;
const addExpense = async (date: string, amountMinor: number, currency: string, subscriptionId: string | null) => {
  await db().execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
    merchant_name, subscription_id, match_status)
    values (${orgId}, ${date}, ${amountMinor}, ${currency}, 'M', 'm', 'M', ${subscriptionId},
      ${subscriptionId ? 'matched' : 'unmatched'})`);
};

// In the window: Design 100.00 USD a month Dec 2025 – Nov 2026 (1,200.00), 50.00 EUR in Jan at
// 1.10 (55.00) and in Jun at 1.20 (60.00); Tableau from Mar 2026, 200.00 a month (1,800.00); an
// unmatched 30.00 USD in Apr; 40.00 GBP in May with no rate (counted apart).
const IN_WINDOW = 120_000 + 5_500 + 6_000 + 180_000 + 3_000;

beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-12-02T09:00:00Z') });
  const owner = await buildOrgOwner(server.app);
  orgId = owner.orgId;
  client = api(server.app, owner.cookie);
  await setPlan(db(), orgId, 'scale');
  ids.category = (
    await db().execute(
      sql`insert into settings_items (organization_id, kind, name) values (${orgId}, 'categories', 'Design')
        on conflict (organization_id, kind, lower(name)) do update set name = excluded.name returning id`,
    )
  ).rows[0]!.id as string;
  ids.design = (
    await buildSubscription(db(), orgId, {
      name: 'Design',
      amountMinor: 10_000,
      categoryId: ids.category,
      startDate: '2025-01-01',
      nextRenewalDate: '2026-12-15',
    })
  ).id;
  ids.tableau = (
    await buildSubscription(db(), orgId, {
      name: 'Tableau',
      amountMinor: 20_000,
      startDate: '2026-03-01',
      nextRenewalDate: '2026-12-01',
    })
  ).id;
  await db().execute(sql`insert into fx_rates (organization_id, date, base, quote, rate) values
    (${orgId}, '2026-01-05', 'EUR', 'USD', '1.10'), (${orgId}, '2026-06-05', 'EUR', 'USD', '1.20')`);
  await addExpense('2025-11-10', 10_000, 'USD', ids.design); // before the window
  for (let m = 0; m < 12; m++) {
    const month = new Date(Date.UTC(2025, 11 + m, 10)).toISOString().slice(0, 10);
    await addExpense(month, 10_000, 'USD', ids.design);
    if (month >= '2026-03-01') await addExpense(month, 20_000, 'USD', ids.tableau);
  }
  await addExpense('2026-01-06', 5_000, 'EUR', ids.design);
  await addExpense('2026-06-06', 5_000, 'EUR', ids.design);
  await addExpense('2026-04-20', 3_000, 'USD', null);
  await addExpense('2026-05-20', 4_000, 'GBP', ids.design);
  await addExpense('2026-12-01', 20_000, 'USD', ids.tableau); // this month: the forecast's, not the window's
});
afterAll(() => server.close());

const get = async (url: string) => {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

describe('"last 12 months": one window, one currency rule', () => {
  it('Analytics, the executive summary and the Expenses chart show the same spend for Dec 2025 – Nov 2026', async () => {
    const analytics = await get('/api/analytics/spend?preset=last_12_months');
    expect(analytics).toMatchObject({ from: '2025-12-01', to: '2026-11-30' });
    expect(analytics.totals.actualMinor).toBe(IN_WINDOW);
    expect(analytics.unconverted).toEqual([{ currency: 'GBP', amountMinor: 4_000, count: 1 }]);

    const summary = await get('/api/reports/executive-summary');
    expect(summary).toMatchObject({ from: '2025-12-01', to: '2026-11-30' });
    expect(summary.sections[0].items[0]).toMatchObject({ label: 'Total spend', value: IN_WINDOW });

    const chart = await get('/api/expenses/monthly');
    expect(chart).toMatchObject({ from: '2025-12-01', to: '2026-11-30', label: 'Dec 2025 – Nov 2026' });
    expect(chart.months).toHaveLength(12);
    // Every charge converted at its date (not only the USD ones); the GBP one said apart.
    expect(chart.months.reduce((n: number, m: { totalMinor: number }) => n + m.totalMinor, 0)).toBe(IN_WINDOW);
    expect(chart.unconverted).toEqual([{ currency: 'GBP', amountMinor: 4_000, count: 1 }]);
  });

  it('an ignored charge ("not software") counts nowhere: ignoring takes it out, un-ignoring puts it back', async () => {
    await addExpense('2026-07-20', 9_900, 'USD', null);
    const all = await get('/api/expenses?from=2026-07-20&to=2026-07-20&match=unmatched');
    const id = all.items[0].id as string;
    expect((await get('/api/analytics/spend?preset=last_12_months')).totals.actualMinor).toBe(IN_WINDOW + 9_900);
    expect((await client.post(`/api/expenses/${id}/ignore`, {})).statusCode).toBe(200);
    expect((await get('/api/analytics/spend?preset=last_12_months')).totals.actualMinor).toBe(IN_WINDOW);
    const chart = await get('/api/expenses/monthly');
    expect(chart.months.reduce((n: number, m: { totalMinor: number }) => n + m.totalMinor, 0)).toBe(IN_WINDOW);
    expect((await client.post(`/api/expenses/${id}/unmatch`, {})).statusCode).toBe(200);
    expect((await get('/api/analytics/spend?preset=last_12_months')).totals.actualMinor).toBe(IN_WINDOW + 9_900);
    await db().execute(sql`delete from expenses where id = ${id}`);
  });

  it('the forecast starts with this month: spent so far plus what is still due', async () => {
    const forecast = await get('/api/analytics/forecast');
    expect(forecast.history[0].month).toBe('2025-12');
    expect(forecast.history.at(-1).month).toBe('2026-11');
    expect(forecast.months[0]).toMatchObject({
      month: '2026-12',
      actualMinor: 20_000, // Tableau, charged on the 1st
      committedMinor: 10_000, // Design, due on the 15th
    });
    expect(forecast.months).toHaveLength(12);
    expect(forecast.months.at(-1).month).toBe('2027-11');
  });

  it('an application that started in the window is new among the movers, not "+1063.6 %"', async () => {
    const movers = await get('/api/analytics/movers?preset=last_12_months');
    expect(movers).toMatchObject({ previousFrom: '2024-12-01', previousTo: '2025-11-30' });
    const tableau = movers.increases.find((m: { name: string }) => m.name === 'Tableau');
    expect(tableau).toMatchObject({ kind: 'new', changePercent: null, currentMinor: 180_000 });
  });
});

describe('budgets: one status everywhere', () => {
  it('the Budgets page, the executive summary and budget vs actual show the same actual, % and status', async () => {
    const company = await client.post('/api/budgets', {
      name: 'Company',
      period: 'annual',
      amountMinor: 400_000,
      scope: 'organization',
    });
    expect(company.statusCode, company.body).toBe(201);
    const design = await client.post('/api/budgets', {
      name: 'Design tools',
      period: 'quarterly',
      amountMinor: 40_000,
      scope: 'category',
      scopeId: ids.category,
    });
    expect(design.statusCode, design.body).toBe(201);

    const page = await get('/api/budgets');
    const whole = page.find((b: { name: string }) => b.name === 'Company');
    // The fiscal year Jan – Dec 2026 to today: every charge, the unmatched 30.00 included.
    expect(whole.status).toMatchObject({ periodStart: '2026-01-01', periodEnd: '2026-12-31' });
    expect(whole.status.actualMinor).toBe(IN_WINDOW - 10_000 + 20_000);

    const labels = { 'on-track': 'On track', 'at-risk': 'At risk', over: 'Over budget' } as Record<string, string>;
    const summary = await get('/api/reports/executive-summary');
    const report = await get('/api/reports/budget-vs-actual');
    for (const doc of [summary, report]) {
      const table = doc.sections.find((s: { id: string }) => s.id === 'budgets');
      for (const budget of page) {
        const row = table.rows.find((r: { budget: string }) => r.budget === budget.name);
        expect(row, budget.name).toMatchObject({
          actual: budget.status.actualMinor,
          used: budget.status.actualPercent,
          status: labels[budget.status.state],
        });
      }
    }
  });
});
