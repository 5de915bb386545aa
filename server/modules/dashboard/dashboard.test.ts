import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
const clock = fixedClock('2026-03-10T08:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

describe('GET /api/dashboard/summary', () => {
  it('answers zeros for an empty workspace, then counts, spend, and contract renewals and recurring charges apart in the next 30 days', async () => {
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
      // The annual contract renews; the monthly ones (Today, Euro) are recurring charges, apart.
      upcomingRenewals: 1,
      renewalsNext30DaysMinor: 120_000,
      recurringCharges: 2,
      recurringChargesNext30DaysMinor: 1_000, // the euro one is not in USD
    });
    expect(summary.nextRenewals.map((r: { name: string }) => r.name)).toEqual(['Day 29']);
    expect(summary.nextRenewals[0]).toMatchObject({ daysUntilRenewal: 29, cancelByDate: '2026-03-09' });

    // With a rate, the euro charge counts, converted at today's rate, as the Renewals page counts it.
    const rate = { date: '2026-03-09', base: 'EUR', quote: 'USD', rate: 1.1 };
    expect((await client.post('/api/fx-rates', { rates: [rate] })).statusCode).toBeLessThan(300);
    const converted = (await client.get('/api/dashboard/summary')).json();
    expect(converted.recurringChargesNext30DaysMinor).toBe(1_000 + 9_900);
    const renewals = (await client.get('/api/renewals?window=30')).json();
    const thirty = renewals.totals.find((t: { window: number }) => t.window === 30);
    expect(converted.upcomingRenewals + converted.recurringCharges).toBe(thirty.count);
    expect(converted.renewalsNext30DaysMinor + converted.recurringChargesNext30DaysMinor).toBe(
      thirty.dueMinor,
    );
  });

  it('is fresh right after every kind of write, on this server and on another one (summaries are cached)', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const other = await getTestServer({ clock, database: server.database });
    try {
      const elsewhere = api(other.app, owner.cookie);
      const summary = async () => {
        const here = (await client.get('/api/dashboard/summary')).json();
        // Read twice: the second answer comes from the cache when nothing changed.
        expect((await client.get('/api/dashboard/summary')).json()).toEqual(here);
        expect((await elsewhere.get('/api/dashboard/summary')).json()).toEqual(here);
        return here;
      };
      expect(await summary()).toMatchObject({ applications: 0, upcomingRenewals: 0 });

      const created = await client.post('/api/subscriptions', {
        name: 'Slack',
        billingCycle: 'annual',
        amountMinor: 12_000,
        nextRenewalDate: '2026-03-12',
      });
      const id = created.json().id;
      expect(await summary()).toMatchObject({
        applications: 1,
        upcomingRenewals: 1,
        monthlySpendMinor: 1_000,
      });

      // Written on the other server, read here and there.
      await elsewhere.patch(`/api/subscriptions/${id}`, { amountMinor: 30_000 });
      expect(await summary()).toMatchObject({ monthlySpendMinor: 2_500, renewalsNext30DaysMinor: 30_000 });

      await client.delete(`/api/subscriptions/${id}`);
      expect(await summary()).toMatchObject({
        applications: 0,
        upcomingRenewals: 0,
        renewalsNext30DaysMinor: 0,
      });
      await client.post(`/api/subscriptions/${id}/restore`);
      expect(await summary()).toMatchObject({ applications: 1, upcomingRenewals: 1 });

      await client.patch('/api/organization', { currency: 'EUR' });
      expect(await summary()).toMatchObject({ currency: 'EUR', monthlySpendMinor: 0, upcomingRenewals: 1 });
      await client.patch('/api/organization', { currency: 'USD' });

      // A write outside the services (scripts, maintenance) goes through the same trigger.
      await server.database.db.execute(sql`update subscriptions set amount_minor = 4000 where id = ${id}`);
      expect(await summary()).toMatchObject({ renewalsNext30DaysMinor: 4_000 });

      // The date rolls over: days until the renewal count down, then it leaves the window.
      expect((await summary()).nextRenewals[0]).toMatchObject({ daysUntilRenewal: 2 });
      clock.advance(DAY_MS);
      expect((await summary()).nextRenewals[0]).toMatchObject({ daysUntilRenewal: 1 });
      clock.advance(2 * DAY_MS);
      expect(await summary()).toMatchObject({ upcomingRenewals: 0, nextRenewals: [] });
    } finally {
      clock.set('2026-03-10T08:00:00Z');
      await other.close();
    }
  });

  it('tags the answer: the same tag gets a 304 until a write, another organization never does', async () => {
    const owner = await buildOrgOwner(server.app);
    const stranger = await buildOrgOwner(server.app);
    const url = '/api/dashboard/summary';
    const get = (cookie: string, etag?: string) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await get(owner.cookie);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(owner.cookie, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(owner.cookie, `"other", W/${etag}`)).statusCode).toBe(304);

    // Another organization with other figures: its own answer, whatever tag is sent.
    await api(server.app, stranger.cookie).post('/api/subscriptions', { name: 'Figma', amountMinor: 1_500 });
    const theirs = await get(stranger.cookie, etag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ applications: 1 });

    await api(server.app, owner.cookie).post('/api/subscriptions', { name: 'Slack', amountMinor: 800 });
    const changed = await get(owner.cookie, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ applications: 1 });
    expect(changed.headers.etag).not.toBe(etag);
  });
});
