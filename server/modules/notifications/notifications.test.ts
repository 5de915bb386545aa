import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { notifyOnce } from './notifications.service';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.close());

async function orgWithNotifications() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  const slack = await buildSubscription(db, owner.orgId, { name: 'Slack' });
  const gone = await buildSubscription(db, owner.orgId, { name: 'Archived app' });
  await db.update(subscriptions).set({ archivedAt: new Date() }).where(eq(subscriptions.id, gone.id));
  const base = { organizationId: owner.orgId, message: 'Decide before the cancel-by date.' };
  await notifyOnce(db, {
    ...base,
    type: 'due-soon',
    title: 'Slack renews in 5 days',
    priority: 'high',
    subscriptionId: slack.id,
    dedupeKey: 'a',
  });
  await notifyOnce(db, { ...base, type: 'cost-alert', title: 'Spend up', priority: 'low', dedupeKey: 'b' });
  await notifyOnce(db, {
    ...base,
    type: 'overdue',
    title: 'Archived overdue',
    priority: 'high',
    subscriptionId: gone.id,
    dedupeKey: 'c',
  });
  return { owner, client: api(server.app, owner.cookie), slack };
}

describe('notifications', () => {
  it('lists active notifications with their application, hiding those of applications that no longer exist', async () => {
    const { client, slack } = await orgWithNotifications();
    const list = (await client.get('/api/notifications')).json();
    expect(list.map((n: { title: string }) => n.title)).toEqual(['Slack renews in 5 days', 'Spend up']);
    expect(list[0]).toMatchObject({
      type: 'due-soon',
      priority: 'high',
      subscriptionId: slack.id,
      subscriptionName: 'Slack',
      dismissedAt: null,
    });
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
    expect((await client.get('/api/notifications/unread')).json()).toHaveLength(2);
  });

  it('filters by type and priority', async () => {
    const { client } = await orgWithNotifications();
    expect((await client.get('/api/notifications?type=cost-alert')).json()).toHaveLength(1);
    expect((await client.get('/api/notifications?priority=high')).json()).toHaveLength(1);
    expect((await client.get('/api/notifications?priority=urgent')).statusCode).toBe(400);
  });

  it('dismisses one (204), moves it to the dismissed list and lowers the count', async () => {
    const { client } = await orgWithNotifications();
    const [first] = (await client.get('/api/notifications')).json();
    expect((await client.post(`/api/notifications/${first.id}/dismiss`)).statusCode).toBe(204);
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 1 });
    const dismissed = (await client.get('/api/notifications?status=dismissed')).json();
    expect(dismissed.map((n: { id: string }) => n.id)).toEqual([first.id]);
    expect(dismissed[0].dismissedAt).toEqual(expect.any(String));
  });

  it("answers 404 for another tenant's notification and leaves it untouched", async () => {
    const a = await orgWithNotifications();
    const b = await orgWithNotifications();
    const [theirs] = (await b.client.get('/api/notifications')).json();
    expect((await a.client.post(`/api/notifications/${theirs.id}/dismiss`)).statusCode).toBe(404);
    expect((await b.client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
    expect((await a.client.post('/api/notifications/not-a-uuid/dismiss')).statusCode).toBe(400);
  });

  it('creates a notification once per dedupe key', async () => {
    const owner = await buildOrgOwner(server.app);
    const values = {
      organizationId: owner.orgId,
      type: 'other',
      title: 'Once',
      message: 'Only once',
      dedupeKey: 'rule:1:30',
    };
    expect(await notifyOnce(server.database.db, values)).not.toBeNull();
    expect(await notifyOnce(server.database.db, values)).toBeNull();
    expect((await api(server.app, owner.cookie).get('/api/notifications/count')).json()).toEqual({
      count: 1,
    });
  });
});
