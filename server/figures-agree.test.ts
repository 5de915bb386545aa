import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLiveStatus } from '../common/live-applications';
import { fixedClock } from './lib/clock';
import { readTableText } from './lib/tabular/read-table';
import { api, buildOrgOwner } from './test/factories';
import { getTestServer, type TestServer } from './test/test-server';

// One organization with every billing cycle, status and two currencies: every screen and endpoint
// that shows a count or a sum must agree with the others to the cent.
let server: TestServer;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-10T09:00:00Z') });
  const owner = await buildOrgOwner(server.app);
  client = api(server.app, owner.cookie);
  const apps: Array<Record<string, unknown>> = [
    { name: 'Weekly', billingCycle: 'weekly', amountMinor: 1_999, nextRenewalDate: '2026-03-12' },
    { name: 'Monthly', billingCycle: 'monthly', amountMinor: 3_333, nextRenewalDate: '2026-03-10' },
    { name: 'Monthly late', billingCycle: 'monthly', amountMinor: 1_001, nextRenewalDate: '2026-04-08' },
    { name: 'Day 30', billingCycle: 'monthly', amountMinor: 7_777, nextRenewalDate: '2026-04-09' },
    { name: 'Quarterly', billingCycle: 'quarterly', amountMinor: 10_001, nextRenewalDate: '2026-03-31' },
    { name: 'Annual', billingCycle: 'annual', amountMinor: 123_457, nextRenewalDate: '2026-03-25' },
    {
      name: 'Multi-year',
      billingCycle: 'multi-year',
      intervalMonths: 36,
      amountMinor: 900_001,
      nextRenewalDate: '2026-03-20',
    },
    {
      name: 'Per seat',
      billingCycle: 'monthly',
      pricingModel: 'per-seat',
      seats: 7,
      unitPriceMinor: 1_299,
      nextRenewalDate: '2026-03-15',
    },
    {
      name: 'Trial',
      billingCycle: 'monthly',
      amountMinor: 4_999,
      status: 'trial',
      nextRenewalDate: '2026-03-18',
    },
    {
      name: 'Paused',
      billingCycle: 'monthly',
      amountMinor: 8_888,
      status: 'paused',
      nextRenewalDate: '2026-03-14',
    },
    {
      name: 'Cancelled',
      billingCycle: 'annual',
      amountMinor: 50_000,
      status: 'cancelled',
      nextRenewalDate: '2026-03-16',
    },
    {
      name: 'Euro',
      billingCycle: 'monthly',
      amountMinor: 2_222,
      currency: 'EUR',
      nextRenewalDate: '2026-03-11',
    },
    {
      name: 'Overdue',
      billingCycle: 'annual',
      amountMinor: 30_000,
      autoRenew: false,
      nextRenewalDate: '2026-03-01',
    },
    { name: 'Archived', billingCycle: 'monthly', amountMinor: 6_000, nextRenewalDate: '2026-03-13' },
  ];
  for (const app of apps) {
    const created = await client.post('/api/subscriptions', app);
    expect(created.statusCode, created.body).toBe(201);
    if (app.name === 'Archived') await client.delete(`/api/subscriptions/${created.json().id}`);
  }
});
afterAll(() => server.close());

describe('figures that agree', () => {
  it('dashboard, Renewals, the Applications list and filter, and the CSV export tell the same story', async () => {
    const dashboard = (await client.get('/api/dashboard/summary')).json();
    const renewals = (await client.get('/api/renewals?window=30')).json();
    const active = (await client.get('/api/subscriptions?status=active&pageSize=500')).json();
    const trial = (await client.get('/api/subscriptions?status=trial&pageSize=500')).json();
    const renewingFilter = (await client.get('/api/subscriptions?renewalWithinDays=30&pageSize=500')).json();
    const all = (await client.get('/api/subscriptions?pageSize=500')).json();

    // Applications: active or on trial, whatever the currency.
    expect(dashboard.applications).toBe(active.total + trial.total);
    // Spend: the list's totals (active and trial, organization currency) to the cent.
    expect(dashboard.monthlySpendMinor).toBe(all.totals.monthlyMinor);
    expect(dashboard.annualSpendMinor).toBe(all.totals.annualMinor);
    const usd = all.items.filter(
      (s: { currency: string; status: string }) => s.currency === 'USD' && isLiveStatus(s.status),
    );
    expect(dashboard.annualSpendMinor).toBe(
      usd.reduce((n: number, s: { annualMinor: number }) => n + s.annualMinor, 0),
    );

    // Renewing in the next 30 days: the same applications everywhere.
    const ids = (items: Array<{ id?: string; subscriptionId?: string }>) =>
      items.map((i) => i.id ?? i.subscriptionId).sort();
    const thirty = renewals.totals.find((t: { window: number }) => t.window === 30);
    // The dashboard shows contract renewals (annual, multi-year) and recurring charges apart.
    expect(dashboard.upcomingRenewals + dashboard.recurringCharges).toBe(thirty.count);
    expect(renewingFilter.total).toBe(thirty.count);
    expect(ids(renewingFilter.items)).toEqual(
      ids(renewals.items.filter((i: { daysLeft: number }) => i.daysLeft >= 0)),
    );
    // 9 in all: not paused, cancelled, archived, overdue, nor day 31; 2 of them contracts.
    expect([dashboard.upcomingRenewals, dashboard.recurringCharges]).toEqual([2, 7]);
    // What they charge in those days, in the organization's currency.
    const usdDue = thirty.amounts.find((a: { currency: string }) => a.currency === 'USD').dueMinor;
    expect(dashboard.renewalsNext30DaysMinor).toBe(123_457 + 900_001);
    expect(dashboard.renewalsNext30DaysMinor + dashboard.recurringChargesNext30DaysMinor).toBe(usdDue);
    // Weekly on 12, 19, 26 Mar and 2 Apr (the window ends 8 Apr): four charges; the others once.
    expect(usdDue).toBe(4 * 1_999 + 3_333 + 1_001 + 10_001 + 123_457 + 900_001 + 7 * 1_299 + 4_999);

    // The CSV export's annual costs of active and trial USD applications add up to the run rate.
    const csv = (await client.get('/api/subscriptions/export?format=csv')).body;
    const [header, ...records] = readTableText(csv).records;
    const rows = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    const exported = rows
      .filter((r) => r.Currency === 'USD' && isLiveStatus(r.Status))
      .reduce((n, r) => n + Math.round(Number(r['Annual cost']) * 100), 0);
    expect(exported).toBe(dashboard.annualSpendMinor);
  });
});
