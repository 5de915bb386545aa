import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, organizations } from '../../db/schema';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, registerUser, setOrganization } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { insertMembership } from '../organizations';

const START = '2026-06-01T09:30:00Z';
const clock = fixedClock(START);
let server: TestServer;
const db = () => server.database.db;
const orgRow = async (id: string) =>
  (await db().select().from(organizations).where(eq(organizations.id, id)))[0];

beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

describe('GET /api/trial/status', () => {
  it('shows no trial on a fresh Starter organization, and that one can start', async () => {
    const owner = await buildOrgOwner(server.app);
    const response = await api(server.app, owner.cookie).get('/api/trial/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isTrialActive: false,
      trialDaysRemaining: 0,
      trialPlan: null,
      accountStatus: 'active',
      trialEndsAt: null,
      graceEndsAt: null,
      canStartTrial: true,
    });
  });

  it('needs a session', async () => {
    expect((await server.app.inject({ url: '/api/trial/status' })).statusCode).toBe(401);
  });
});

describe('POST /api/trial/start', () => {
  it('starts a 14-day trial once, counting days remaining rounded up', async () => {
    clock.set(START);
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const response = await client.post('/api/trial/start', { planId: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isTrialActive: true,
      trialDaysRemaining: 14,
      trialPlan: 'pro',
      accountStatus: 'trial',
      canStartTrial: false,
      trialEndsAt: '2026-06-15T09:30:00.000Z',
    });
    const row = await orgRow(owner.orgId);
    expect(row).toMatchObject({
      subscriptionPlan: 'starter',
      trialPlan: 'pro',
      accountStatus: 'trial',
      trialStartedAt: new Date(START),
      trialEndsAt: new Date('2026-06-15T09:30:00Z'),
    });
    expect((await client.get('/api/organization')).json()).toMatchObject({
      effectivePlan: 'pro',
      isTrialActive: true,
      trialPlan: 'pro',
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, owner.orgId), eq(auditEvents.action, 'organization.trial_start')),
      );
    expect(audit.userId).toBe(owner.id);

    clock.advance(60 * 60 * 1000);
    expect((await client.get('/api/trial/status')).json().trialDaysRemaining).toBe(14);
    clock.set('2026-06-04T21:30:00Z'); // 10.5 days left
    expect((await client.get('/api/trial/status')).json().trialDaysRemaining).toBe(11);
    clock.set('2026-06-13T09:30:01Z'); // a second under 2 days
    expect((await client.get('/api/trial/status')).json().trialDaysRemaining).toBe(2);

    const again = await client.post('/api/trial/start', { planId: 'scale' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'bad_request',
      message: 'Your organization has already used its free trial.',
    });
    expect((await orgRow(owner.orgId)).trialPlan).toBe('pro');
  });

  it('refuses a second trial after the first ended and the account went back to Starter', async () => {
    clock.set(START);
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await client.post('/api/trial/start', { planId: 'scale' });
    expect((await client.post('/api/billing/downgrade')).statusCode).toBe(200);
    const response = await client.post('/api/trial/start', { planId: 'scale' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your organization has already used its free trial.');
    expect((await client.get('/api/trial/status')).json().canStartTrial).toBe(false);
  });

  it('refuses a trial from a paid plan', async () => {
    const owner = await buildOrgOwner(server.app);
    await setOrganization(db(), owner.orgId, { subscriptionPlan: 'pro' });
    const response = await api(server.app, owner.cookie).post('/api/trial/start', { planId: 'scale' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Free trials are only available on the Starter plan; you are on Growth.',
    );
    expect((await orgRow(owner.orgId)).trialStartedAt).toBeNull();
  });

  it.each([{}, { planId: 'starter' }, { planId: 'enterprise' }, { planId: 7 }])(
    'answers 400 for %j and changes nothing',
    async (payload) => {
      const owner = await buildOrgOwner(server.app);
      const response = await api(server.app, owner.cookie).post('/api/trial/start', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect((await orgRow(owner.orgId)).accountStatus).toBe('active');
    },
  );

  it('lets owners and admins start a trial, not members or viewers', async () => {
    const owner = await buildOrgOwner(server.app);
    for (const role of ['viewer', 'member'] as const) {
      const user = await registerUser(server.app);
      await insertMembership(db(), owner.orgId, user.id, role);
      const response = await api(server.app, user.cookie).post('/api/trial/start', { planId: 'pro' });
      expect(response.statusCode, role).toBe(403);
      expect((await api(server.app, user.cookie).get('/api/trial/status')).statusCode).toBe(200);
    }
    const admin = await registerUser(server.app);
    await insertMembership(db(), owner.orgId, admin.id, 'admin');
    expect((await api(server.app, admin.cookie).post('/api/trial/start', { planId: 'pro' })).statusCode).toBe(
      200,
    );
  });

  it("starts only this organization's trial", async () => {
    clock.set(START);
    const a = await buildOrgOwner(server.app);
    const b = await buildOrgOwner(server.app);
    await api(server.app, a.cookie).post('/api/trial/start', { planId: 'pro' });
    expect((await orgRow(b.orgId)).trialPlan).toBeNull();
    expect((await api(server.app, b.cookie).get('/api/trial/status')).json().canStartTrial).toBe(true);
    clock.advance(DAY_MS);
  });
});
