import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-10T08:00:00Z') });
});
afterAll(() => server.close());

describe('GET /api/dashboard/summary', () => {
  it('answers zeros for an empty workspace, then counts, spend and the next 30 days of renewals', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.get('/api/dashboard/summary')).json()).toMatchObject({
      applications: 0,
      monthlySpendMinor: 0,
      annualSpendMinor: 0,
      currency: 'USD',
      upcomingRenewals: 0,
      renewalsNext30DaysMinor: 0,
      nextRenewals: [],
    });
    const post = (body: Record<string, unknown>) => client.post('/api/subscriptions', body);
    await post({ name: 'Today', amountMinor: 1_000, nextRenewalDate: '2026-03-10' });
    await post({
      name: 'Day 29',
      billingCycle: 'annual',
      amountMinor: 120_000,
      nextRenewalDate: '2026-04-08',
      noticePeriodDays: 30,
    });
    await post({ name: 'Day 30', amountMinor: 5_000, nextRenewalDate: '2026-04-09' });
    await post({ name: 'Cancelled', amountMinor: 7_000, nextRenewalDate: '2026-03-12', status: 'cancelled' });
    await post({ name: 'Euro', amountMinor: 9_000, currency: 'EUR', nextRenewalDate: '2026-03-11' });
    const summary = (await client.get('/api/dashboard/summary')).json();
    expect(summary).toMatchObject({
      applications: 4, // the cancelled one is not counted
      monthlySpendMinor: 1_000 + 10_000 + 5_000,
      annualSpendMinor: 12_000 + 120_000 + 60_000,
      upcomingRenewals: 3,
      renewalsNext30DaysMinor: 121_000,
    });
    expect(summary.nextRenewals.map((r: { name: string }) => r.name)).toEqual(['Today', 'Euro', 'Day 29']);
    expect(summary.nextRenewals[2]).toMatchObject({ daysUntilRenewal: 29, cancelByDate: '2026-03-09' });
  });
});
