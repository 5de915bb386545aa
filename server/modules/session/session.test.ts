import { describe, expect, it } from 'vitest';
import { api, buildOrgOwner, registerUser, setOrganization } from '../../test/factories';
import { getTestServer, useTestServer } from '../../test/test-server';
import { notifyOnce } from '../notifications';

const server = useTestServer();

describe('GET /api/session', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers, in one call, exactly what each start-up endpoint answers on its own', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await client.post('/api/settings/tags', { name: 'Critical' });
    await notifyOnce(server.database.db, {
      organizationId: owner.orgId,
      type: 'cost-alert',
      title: 'Spend up',
      message: 'Above the usual.',
      priority: 'high',
      dedupeKey: 'session-test',
    });
    const get = async (url: string) => {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const session = await get('/api/session');
    expect(session.user).toEqual(await get('/api/auth/user'));
    expect(session.organizations).toEqual(await get('/api/organizations'));
    expect(session.organization).toEqual(await get('/api/organization'));
    expect(session.trialStatus).toEqual(await get('/api/trial/status'));
    expect(session.plans).toEqual(await get('/api/plans'));
    expect(session.notifications).toEqual({
      count: (await get('/api/notifications/count')).count,
      active: await get('/api/notifications?status=active'),
    });
    expect(session.notifications.active[0]).toMatchObject({ title: 'Spend up', priority: 'high' });
    expect(session.settingsLists).toEqual({
      categories: await get('/api/settings/categories'),
      tags: await get('/api/settings/tags'),
      paymentMethods: await get('/api/settings/payment-methods'),
      useCases: await get('/api/settings/use-cases'),
      projects: await get('/api/settings/projects'),
    });
    expect(session.settingsLists.tags.map((t: { name: string }) => t.name)).toContain('Critical');
  });

  it('keeps its settings lists fresh after every write that changes them, on this server and another', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const other = await getTestServer({ database: server.database });
    try {
      const elsewhere = api(other.app, owner.cookie);
      // Each server answers twice (the second from its cache) what the list endpoint answers.
      const tags = async () => {
        const direct = (await client.get('/api/settings/tags')).json();
        for (const c of [client, client, elsewhere, elsewhere]) {
          expect((await c.get('/api/session')).json().settingsLists.tags).toEqual(direct);
        }
        return direct.map((t: { name: string; usageCount: number }) => `${t.name}:${t.usageCount}`);
      };
      expect(await tags()).toEqual([]);
      const tag = (await client.post('/api/settings/tags', { name: 'Core' })).json();
      expect(await tags()).toEqual(['Core:0']);
      // Usage counts follow the applications, written on the other server.
      const app = (await elsewhere.post('/api/subscriptions', { name: 'Slack', tagIds: [tag.id] })).json();
      expect(await tags()).toEqual(['Core:1']);
      await client.patch(`/api/settings/tags/${tag.id}`, { name: 'Critical' });
      expect(await tags()).toEqual(['Critical:1']);
      await client.delete(`/api/subscriptions/${app.id}`);
      expect(await tags()).toEqual(['Critical:0']);
      await elsewhere.delete(`/api/settings/tags/${tag.id}`);
      expect(await tags()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('before onboarding: the user, and no organization parts', async () => {
    const user = await registerUser(server.app);
    const response = await api(server.app, user.cookie).get('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: user.id, onboardingPhase: 'profile' },
      organizations: [],
      organization: null,
      trialStatus: null,
      notifications: null,
      settingsLists: null,
    });
  });

  it('a locked account gets its organization and trial, but not the data its guard closes', async () => {
    const owner = await buildOrgOwner(server.app);
    await setOrganization(server.database.db, owner.orgId, {
      accountStatus: 'locked',
      trialEndsAt: null,
      graceEndsAt: null,
    });
    const client = api(server.app, owner.cookie);
    expect((await client.get('/api/settings/tags')).statusCode).toBe(403);
    const session = (await client.get('/api/session')).json();
    expect(session.organization).toMatchObject({ id: owner.orgId, accountStatus: 'locked' });
    expect(session.trialStatus).toMatchObject({ accountStatus: 'locked' });
    expect(session.notifications).toBeNull();
    expect(session.settingsLists).toBeNull();
  });
});
