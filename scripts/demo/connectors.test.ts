import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-11-24T09:00:00Z') });

describe('demo company Google Workspace connection', () => {
  it('is connected with a finished run, and discovered applications with users and last use; Add makes their seats', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);
    await setPlan(server.database.db, owner.orgId, 'pro');
    const [google] = (await client.get('/api/connectors')).json().connectors;
    expect(google.connection).toMatchObject({
      status: 'connected',
      lastRun: { status: 'succeeded', reason: 'daily' },
    });
    const apps = (await client.get('/api/connectors/discovered')).json().apps as Array<{
      id: string;
      name: string;
      usersCount: number;
      catalogSlug: string | null;
      lowSignal: boolean;
    }>;
    expect(apps.length).toBeGreaterThanOrEqual(4);
    expect(apps.at(-1)).toMatchObject({ name: 'Habit Tracker Pro', lowSignal: true });
    const first = apps[0];
    expect(first.catalogSlug).not.toBeNull();
    expect(first.usersCount).toBeGreaterThan(1);
    const added = await client.post(`/api/connectors/discovered/${first.id}/add`);
    expect(added.statusCode).toBe(201);
    expect(added.json().seats).toBeGreaterThan(0);
    // Google Workspace's seats name the connection as their source and freshness.
    const workspace = (await client.get('/api/licenses'))
      .json()
      .applications.find((a: { name: string }) => a.name === 'Google Workspace');
    expect(
      workspace.pools.some((p: { seatsSource: string | null }) => p.seatsSource === 'google_workspace'),
    ).toBe(true);
  });
});
