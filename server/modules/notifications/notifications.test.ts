import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { addMember, api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { notifyOnce } from './notifications.repo';

const server = useTestServer();

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

  it('lists by priority, then the nearest deadline, then the newest, in every list', async () => {
    const owner = await buildOrgOwner(server.app);
    const db = server.database.db;
    const raise = (title: string, priority: string, dueOn: string | null, createdAt: string) =>
      notifyOnce(
        db,
        {
          organizationId: owner.orgId,
          type: 'due-soon',
          title,
          message: '-',
          priority,
          dueOn,
          dedupeKey: title,
        },
        new Date(createdAt),
      );
    await raise('low, due tomorrow', 'low', '2026-06-02', '2026-06-01T08:00:00Z');
    await raise('high, due in 20 days', 'high', '2026-06-21', '2026-06-01T08:00:00Z');
    await raise('medium, raised today', 'medium', null, '2026-06-01T09:00:00Z');
    await raise('high, due in 3 days', 'high', '2026-06-04', '2026-05-20T08:00:00Z');
    await raise('medium, due in 40 days', 'medium', '2026-07-11', '2026-06-01T10:00:00Z');
    const client = api(server.app, owner.cookie);
    const expected = [
      'high, due in 3 days',
      'high, due in 20 days',
      'medium, raised today',
      'medium, due in 40 days',
      'low, due tomorrow',
    ];
    for (const url of ['/api/notifications', '/api/notifications/unread']) {
      expect((await client.get(url)).json().map((n: { title: string }) => n.title)).toEqual(expected);
    }
  });

  it('dismisses the selected ids in one call and leaves the rest and other tenants alone', async () => {
    const a = await orgWithNotifications();
    const b = await orgWithNotifications();
    const [mine] = (await a.client.get('/api/notifications')).json();
    const theirs = (await b.client.get('/api/notifications')).json().map((n: { id: string }) => n.id);
    const response = await a.client.post('/api/notifications/dismiss', { ids: [mine.id, ...theirs] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ dismissed: 1 });
    expect((await a.client.get('/api/notifications/count')).json()).toEqual({ count: 1 });
    expect((await b.client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
    // Dismissing again changes nothing.
    expect((await a.client.post('/api/notifications/dismiss', { ids: [mine.id] })).json()).toEqual({
      dismissed: 0,
    });
  });

  it('dismisses every active notification of one type, only in the caller’s organization', async () => {
    const a = await orgWithNotifications();
    const b = await orgWithNotifications();
    const response = await a.client.post('/api/notifications/dismiss', { type: 'cost-alert' });
    expect(response.json()).toEqual({ dismissed: 1 });
    expect((await a.client.get('/api/notifications')).json().map((n: { type: string }) => n.type)).toEqual([
      'due-soon',
    ]);
    expect((await b.client.get('/api/notifications?type=cost-alert')).json()).toHaveLength(1);
  });

  it('refuses a bulk dismissal without exactly one of ids or type, or with bad values, and changes nothing', async () => {
    const { client } = await orgWithNotifications();
    for (const body of [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { type: 'urgent' },
      { ids: ['7d8b1f9e-0a4c-4b8e-9a77-2f3c1d5e6a01'], type: 'cost-alert' },
    ]) {
      const response = await client.post('/api/notifications/dismiss', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
  });

  it('lets viewers read but not dismiss, one or many', async () => {
    const { owner } = await orgWithNotifications();
    const viewer = await addMember(server.app, server.database.db, owner.orgId, 'viewer');
    const client = api(server.app, viewer.cookie);
    const [first] = (await client.get('/api/notifications')).json();
    expect((await client.post('/api/notifications/dismiss', { type: 'cost-alert' })).statusCode).toBe(403);
    expect((await client.post('/api/notifications/dismiss', { ids: [first.id] })).statusCode).toBe(403);
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
  });
});
