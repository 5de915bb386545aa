// An application's cancellation date (issue 32): today when it becomes cancelled unless given, kept
// and editable while cancelled, cleared when it leaves cancelled; never in the future, never on an
// application that is not cancelled.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';

import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, ownerWithClient } = useTestServerAt('2026-03-10T12:00:00Z');

const owner = ownerWithClient;

const stored = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

describe('cancellation date', () => {
  it('follows the status: set to today, kept, edited, cleared, set again', async () => {
    const { client } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Miro' })).json();
    expect(app.cancelledOn).toBeNull();
    const url = `/api/subscriptions/${app.id}`;

    const cancelled = await client.patch(url, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelledOn).toBe('2026-03-10');

    clock.set('2026-03-20T09:00:00Z');
    // Another edit of a cancelled application keeps its day.
    expect((await client.patch(url, { notes: 'Moved to FigJam' })).json().cancelledOn).toBe('2026-03-10');
    expect((await client.patch(url, { cancelledOn: '2026-02-28' })).json().cancelledOn).toBe('2026-02-28');
    expect((await stored(app.id)).cancelledOn).toBe('2026-02-28');

    expect((await client.patch(url, { status: 'active' })).json().cancelledOn).toBeNull();
    expect((await stored(app.id)).cancelledOn).toBeNull();
    expect((await client.patch(url, { status: 'cancelled' })).json().cancelledOn).toBe('2026-03-20');
    expect(
      (await client.patch(url, { status: 'cancelled', cancelledOn: '2026-03-01' })).json().cancelledOn,
    ).toBe('2026-03-01');
    clock.set('2026-03-10T12:00:00Z');
  });

  it('is taken on creation, or today for an application created cancelled', async () => {
    const { client } = await owner();
    const given = await client.post('/api/subscriptions', {
      name: 'Old CRM',
      status: 'cancelled',
      cancelledOn: '2025-12-31',
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().cancelledOn).toBe('2025-12-31');
    const today = await client.post('/api/subscriptions', { name: 'Old wiki', status: 'cancelled' });
    expect(today.json().cancelledOn).toBe('2026-03-10');
  });

  it('refuses a date in the future or on an application that is not cancelled, and changes nothing', async () => {
    const { client, orgId } = await owner();
    const app = (await client.post('/api/subscriptions', { name: 'Zoom', status: 'cancelled' })).json();
    const live = (await client.post('/api/subscriptions', { name: 'Slack' })).json();
    for (const [url, body] of [
      [`/api/subscriptions/${app.id}`, { cancelledOn: '2026-03-11' }],
      [`/api/subscriptions/${app.id}`, { status: 'active', cancelledOn: '2026-03-01' }],
      [`/api/subscriptions/${live.id}`, { cancelledOn: '2026-03-01' }],
      [`/api/subscriptions/${live.id}`, { status: 'cancelled', cancelledOn: '2026-04-01' }],
      [`/api/subscriptions/${app.id}`, { cancelledOn: '01/03/2026' }],
    ] as const) {
      const response = await client.patch(url, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(JSON.stringify(response.json())).toContain('cancelledOn');
    }
    const created = await client.post('/api/subscriptions', {
      name: 'Later',
      status: 'cancelled',
      cancelledOn: '2026-06-01',
    });
    expect(created.statusCode).toBe(400);
    expect(await stored(app.id)).toMatchObject({ status: 'cancelled', cancelledOn: '2026-03-10' });
    expect(await stored(live.id)).toMatchObject({ status: 'active', cancelledOn: null });
    const names = (
      await server.database.db.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId))
    )
      .map((s) => s.name)
      .sort();
    expect(names).toEqual(['Slack', 'Zoom']);
  });

  it('follows a bulk status change: today for newly cancelled ones, kept for those already cancelled', async () => {
    const { client } = await owner();
    const before = (
      await client.post('/api/subscriptions', { name: 'A', status: 'cancelled', cancelledOn: '2026-01-15' })
    ).json();
    const live = (await client.post('/api/subscriptions', { name: 'B' })).json();
    const bulk = await client.post('/api/subscriptions/bulk', {
      ids: [before.id, live.id],
      set: { status: 'cancelled' },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await stored(before.id)).cancelledOn).toBe('2026-01-15');
    expect((await stored(live.id)).cancelledOn).toBe('2026-03-10');
    await client.post('/api/subscriptions/bulk', { ids: [before.id, live.id], set: { status: 'paused' } });
    expect((await stored(before.id)).cancelledOn).toBeNull();
    expect((await stored(live.id)).cancelledOn).toBeNull();
  });

  it('answers 404 for another organization’s application and leaves it as it was', async () => {
    const a = await owner();
    const b = await owner();
    const theirs = (await b.client.post('/api/subscriptions', { name: 'X', status: 'cancelled' })).json();
    const response = await a.client.patch(`/api/subscriptions/${theirs.id}`, { cancelledOn: '2026-01-01' });
    expect(response.statusCode).toBe(404);
    expect((await stored(theirs.id)).cancelledOn).toBe('2026-03-10');
  });
});
