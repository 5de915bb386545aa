import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { listSubscriptionsQuery } from '../../../common/contracts/subscriptions';
import { listSubscriptionsPage } from './subscriptions-query.service';
import { userContext } from '../../lib/acting-context';

// List pages are cached per server under the organization's subscription_versions counter: after
// every kind of write that changes what a page shows, both servers answer what a direct computation
// (no cache) answers.

let server: TestServer;
const clock = fixedClock('2026-03-10T08:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

describe('GET /api/subscriptions (cached pages)', () => {
  it('is fresh after every kind of write, on this server and another, and equals the direct computation', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    const other = await getTestServer({ clock, database: server.database });
    const elsewhere = api(other.app, owner.cookie);
    const url = '/api/subscriptions?pageSize=50&sort=name';
    const direct = async () => {
      const [org] = await server.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, owner.orgId));
      const query = listSubscriptionsQuery.parse({ pageSize: '50', sort: 'name' });
      const ctx = {
        ...userContext(owner.orgId, owner.id, 'owner', new Date()),
        userId: owner.id,
        role: 'owner' as const,
        org: org!,
      };
      const page = await listSubscriptionsPage(server.app.deps, ctx, query);
      return JSON.parse(JSON.stringify(page));
    };
    const page = async () => {
      const here = (await client.get(url)).json();
      // The second answer on each server comes from its cache when nothing changed.
      expect((await client.get(url)).json()).toEqual(here);
      expect((await elsewhere.get(url)).json()).toEqual(here);
      expect((await elsewhere.get(url)).json()).toEqual(here);
      expect(here).toEqual(await direct());
      return here;
    };
    try {
      expect(await page()).toMatchObject({ total: 0, items: [] });
      const category = (await client.post('/api/settings/categories', { name: 'Chat' })).json();
      const tag = (await client.post('/api/settings/tags', { name: 'core' })).json();
      const card = (await client.post('/api/settings/payment-methods', { name: 'Amex 1001' })).json();
      const created = await client.post('/api/subscriptions', {
        name: 'Slack',
        vendorName: 'Salesforce',
        amountMinor: 1_000,
        nextRenewalDate: '2026-03-12',
        categoryId: category.id,
        tagIds: [tag.id],
        paymentMethodId: card.id,
        ownerUserId: owner.id,
      });
      expect(created.statusCode).toBe(201);
      const app = created.json();
      expect((await page()).items[0]).toMatchObject({
        name: 'Slack',
        vendorName: 'Salesforce',
        categoryName: 'Chat',
        tagNames: ['core'],
        paymentMethodName: 'Amex 1001',
        daysUntilRenewal: 2,
      });

      // Written on the other server, read on both.
      await elsewhere.patch(`/api/subscriptions/${app.id}`, { amountMinor: 2_500 });
      expect(await page()).toMatchObject({
        items: [{ amountMinor: 2_500 }],
        totals: { monthlyMinor: 2_500 },
      });

      // The names a row shows, each changed where it lives.
      const ok = (response: { statusCode: number; body: string }) =>
        expect(response.statusCode, response.body).toBeLessThan(300);
      ok(await client.patch(`/api/vendors/${app.vendorId}`, { name: 'Salesforce, Inc.' }));
      expect(await page()).toMatchObject({ items: [{ vendorName: 'Salesforce, Inc.' }] });
      ok(await client.patch(`/api/settings/categories/${category.id}`, { name: 'Messaging' }));
      ok(await client.patch(`/api/settings/tags/${tag.id}`, { name: 'critical' }));
      ok(await client.patch(`/api/settings/payment-methods/${card.id}`, { name: 'Amex 2002' }));
      expect((await page()).items[0]).toMatchObject({
        categoryName: 'Messaging',
        tagNames: ['critical'],
        paymentMethodName: 'Amex 2002',
      });
      ok(await client.patch('/api/auth/user', { firstName: 'Renamed', lastName: 'Owner' }));
      expect((await page()).items[0]).toMatchObject({ ownerName: 'Renamed Owner' });
      ok(await client.delete(`/api/settings/tags/${tag.id}`));
      expect((await page()).items[0]).toMatchObject({ tagNames: [] });

      // The organization's currency decides the totals.
      await client.patch('/api/organization', { currency: 'EUR' });
      expect(await page()).toMatchObject({ totals: { currency: 'EUR', monthlyMinor: 0 } });
      await client.patch('/api/organization', { currency: 'USD' });

      // A write outside the services (scripts, maintenance) goes through the same triggers.
      await server.database.db.execute(
        sql`update subscriptions set amount_minor = 4000 where id = ${app.id}`,
      );
      expect(await page()).toMatchObject({ items: [{ amountMinor: 4_000 }] });
      await server.database.db.execute(
        sql`update vendors set name = 'Slack Technologies' where id = ${app.vendorId}`,
      );
      expect(await page()).toMatchObject({ items: [{ vendorName: 'Slack Technologies' }] });

      // The date rolls over: the countdown follows.
      clock.advance(DAY_MS);
      expect((await page()).items[0]).toMatchObject({ daysUntilRenewal: 1 });

      await client.delete(`/api/subscriptions/${app.id}`);
      expect(await page()).toMatchObject({ total: 0, items: [] });
    } finally {
      clock.set('2026-03-10T08:00:00Z');
      await other.close();
    }
  });
});
