import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FEATURE_MIN_PLAN,
  LIMIT_KINDS,
  PLAN_IDS,
  PLAN_RANK,
  planLimit,
  type Feature,
  type PlanId,
} from '../../../common/plans';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { guard } from '../../plugins/auth';
import { api, buildOrgOwner, setOrganization } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import type { App } from '../../types';
import { assertWithinLimit } from './limits';

// Probe routes stand in for the features' own routes: each declares its guard the way they do.
async function probeRoutes(app: App) {
  for (const feature of Object.keys(FEATURE_MIN_PLAN) as Feature[]) {
    app.get(`/probe/feature/${feature}`, {
      preHandler: guard({ feature }),
      handler: async () => ({ ok: true }),
    });
  }
  app.post('/probe/limit/:kind', {
    schema: { params: z.object({ kind: z.enum(LIMIT_KINDS) }), body: z.object({ count: z.number() }) },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => {
      assertWithinLimit(request.ctx.org, app.deps.clock.now(), request.params.kind, request.body.count);
      return { ok: true };
    },
  });
  const ok = async () => ({ ok: true });
  app.get('/probe/data', { preHandler: guard(), handler: ok });
  app.post('/probe/data', { preHandler: guard({ action: 'data.write' }), handler: ok });
  app.patch('/probe/data', { preHandler: guard({ action: 'data.write' }), handler: ok });
  app.delete('/probe/data', { preHandler: guard({ action: 'data.write' }), handler: ok });
  app.get('/probe/export', { preHandler: guard({ allowWhenLocked: true }), handler: ok });
}

const clock = fixedClock('2026-05-01T10:00:00Z');
let server: TestServer;
let owner: Awaited<ReturnType<typeof buildOrgOwner>>;
const db = () => server.database.db;

beforeAll(async () => {
  server = await getTestServer({ clock, routes: [probeRoutes] });
  owner = await buildOrgOwner(server.app);
});
afterAll(() => server.close());

const onPlan = (plan: PlanId) =>
  setOrganization(db(), owner.orgId, {
    subscriptionPlan: plan,
    accountStatus: 'active',
    trialPlan: null,
    trialStartedAt: null,
    trialEndsAt: null,
    graceEndsAt: null,
  });

describe('feature gating per plan (spec §6)', () => {
  const cases = PLAN_IDS.flatMap((plan) =>
    (Object.entries(FEATURE_MIN_PLAN) as Array<[Feature, PlanId]>).map(([feature, required]) => ({
      plan,
      feature,
      required,
    })),
  );

  it.each(PLAN_IDS)('on %s, each gated route answers 200 or 403 plan_required', async (plan) => {
    await onPlan(plan);
    for (const { feature, required } of cases.filter((c) => c.plan === plan)) {
      const response = await api(server.app, owner.cookie).get(`/api/probe/feature/${feature}`);
      if (PLAN_RANK[plan] >= PLAN_RANK[required]) {
        expect(response.statusCode, `${feature} on ${plan}`).toBe(200);
      } else {
        expect(response.statusCode, `${feature} on ${plan}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: required });
      }
    }
  });

  it('gates by the trial plan while a trial is active, and by the plan again once it ends', async () => {
    await setOrganization(db(), owner.orgId, {
      subscriptionPlan: 'starter',
      accountStatus: 'trial',
      trialPlan: 'pro',
      trialStartedAt: new Date(clock.now().getTime() - DAY_MS),
      trialEndsAt: new Date(clock.now().getTime() + DAY_MS),
    });
    const call = (feature: Feature) => api(server.app, owner.cookie).get(`/api/probe/feature/${feature}`);
    expect((await call('budget')).statusCode).toBe(200);
    expect((await call('brands')).json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    clock.advance(2 * DAY_MS);
    // Ended without payment: the read-only grace period still shows what the trial had.
    expect((await call('budget')).statusCode).toBe(200);
    expect((await call('brands')).json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    await setOrganization(db(), owner.orgId, { accountStatus: 'active', graceEndsAt: null });
    expect((await call('budget')).json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    clock.set('2026-05-01T10:00:00Z');
  });
});

describe('plan limits (assertWithinLimit)', () => {
  it.each(PLAN_IDS)('on %s, allows max−1 and refuses at max with 403 plan_limit', async (plan) => {
    await onPlan(plan);
    for (const kind of LIMIT_KINDS) {
      const max = planLimit(plan, kind);
      const below = await api(server.app, owner.cookie).post(`/api/probe/limit/${kind}`, { count: max - 1 });
      expect(below.statusCode, `${kind} at ${max - 1} on ${plan}`).toBe(200);
      const at = await api(server.app, owner.cookie).post(`/api/probe/limit/${kind}`, { count: max });
      expect(at.statusCode, `${kind} at ${max} on ${plan}`).toBe(403);
      expect(at.json()).toMatchObject({ code: 'plan_limit', limit: max, kind, plan });
    }
  });

  it('names the limit and the plan, and the plan that would allow more', async () => {
    await onPlan('starter');
    const response = await api(server.app, owner.cookie).post('/api/probe/limit/apps', { count: 15 });
    expect(response.json()).toEqual({
      code: 'plan_limit',
      message: 'The Starter plan allows up to 15 applications. Upgrade to Growth to add more applications.',
      limit: 15,
      current: 15,
      kind: 'apps',
      plan: 'starter',
      requiredPlan: 'pro',
    });
    await onPlan('pro');
    const users = await api(server.app, owner.cookie).post('/api/probe/limit/users', { count: 7 });
    expect(users.json().message).toBe(
      'The Growth plan allows up to 5 team members. Upgrade to Scale to add more team members.',
    );
  });
});

describe('read-only and locked accounts', () => {
  const allowed = [
    ['GET', '/api/organization'],
    ['PATCH', '/api/organization'],
    ['GET', '/api/trial/status'],
    ['GET', '/api/plans'],
    ['GET', '/api/billing'],
    ['GET', '/api/organizations'],
    ['GET', '/api/auth/user'],
    ['PATCH', '/api/auth/user'],
    ['GET', '/api/probe/export'],
  ] as const;
  const send = (method: string, url: string) => {
    const client = api(server.app, owner.cookie);
    if (method === 'GET') return client.get(url);
    if (method === 'POST') return client.post(url, {});
    if (method === 'PATCH') return client.patch(url, {});
    return client.delete(url);
  };

  it('grace_readonly: reads work, every write answers 403 read_only', async () => {
    await setOrganization(db(), owner.orgId, {
      subscriptionPlan: 'starter',
      accountStatus: 'grace_readonly',
      trialPlan: 'pro',
      trialEndsAt: new Date(clock.now().getTime() - DAY_MS),
      graceEndsAt: new Date(clock.now().getTime() + 6 * DAY_MS),
    });
    expect((await send('GET', '/api/probe/data')).statusCode).toBe(200);
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const response = await send(method, '/api/probe/data');
      expect(response.statusCode, method).toBe(403);
      expect(response.json().code).toBe('read_only');
    }
    for (const [method, url] of allowed)
      expect((await send(method, url)).statusCode, `${method} ${url}`).toBe(200);
  });

  it('grace_readonly after a Growth trial: Growth pages can be read, not written; plain Starter cannot read them', async () => {
    const graceAfterGrowthTrial = () =>
      setOrganization(db(), owner.orgId, {
        subscriptionPlan: 'starter',
        accountStatus: 'grace_readonly',
        trialPlan: 'pro',
        trialStartedAt: new Date(clock.now().getTime() - 15 * DAY_MS),
        trialEndsAt: new Date(clock.now().getTime() - DAY_MS),
        graceEndsAt: new Date(clock.now().getTime() + 6 * DAY_MS),
      });
    await graceAfterGrowthTrial();
    const client = api(server.app, owner.cookie);
    expect((await client.get('/api/insights')).statusCode).toBe(200);
    expect((await client.get('/api/budgets')).statusCode).toBe(200);
    expect((await client.get('/api/organization')).json()).toMatchObject({
      effectivePlan: 'starter',
      viewPlan: 'pro',
    });
    const writes = [
      await client.post('/api/budgets', {
        name: 'All',
        period: 'monthly',
        amountMinor: 100,
        scope: 'organization',
      }),
      await client.patch(`/api/insights/${randomUUID()}`, { state: 'reviewing' }),
      await client.post('/api/insights/refresh'),
    ];
    for (const response of writes) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('read_only');
    }

    await onPlan('starter');
    for (const url of ['/api/insights', '/api/budgets']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    expect((await client.get('/api/organization')).json()).toMatchObject({
      effectivePlan: 'starter',
      viewPlan: 'starter',
    });

    // Past the grace period the account is locked, trial plan or not.
    await graceAfterGrowthTrial();
    clock.advance(7 * DAY_MS);
    for (const url of ['/api/insights', '/api/budgets']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code, url).toBe('account_locked');
    }
    expect((await client.get('/api/organization')).json()).toMatchObject({ viewPlan: 'starter' });
    clock.set('2026-05-01T10:00:00Z');
  });

  it('a trial past its end is read-only at once, before the daily job runs', async () => {
    await setOrganization(db(), owner.orgId, {
      accountStatus: 'trial',
      trialPlan: 'pro',
      trialStartedAt: new Date(clock.now().getTime() - 14 * DAY_MS - 1000),
      trialEndsAt: new Date(clock.now().getTime() - 1000),
      graceEndsAt: null,
    });
    expect((await send('POST', '/api/probe/data')).json().code).toBe('read_only');
    const status = (await send('GET', '/api/trial/status')).json();
    expect(status).toMatchObject({
      isTrialActive: false,
      accountStatus: 'grace_readonly',
      trialDaysRemaining: 0,
    });
    expect(new Date(status.graceEndsAt).getTime()).toBe(clock.now().getTime() - 1000 + 7 * DAY_MS);
  });

  it.each(['trial_expired', 'locked'] as const)(
    '%s: every data route answers 403 account_locked except organization, trial, plans, billing, export',
    async (accountStatus) => {
      await setOrganization(db(), owner.orgId, { accountStatus, trialEndsAt: null, graceEndsAt: null });
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
        const response = await send(method, '/api/probe/data');
        expect(response.statusCode, method).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'account_locked',
          message:
            'Your account is locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.',
        });
      }
      for (const [method, url] of allowed)
        expect((await send(method, url)).statusCode, `${method} ${url}`).toBe(200);
    },
  );

  it('downgrading to Starter unlocks the account', async () => {
    await setOrganization(db(), owner.orgId, { accountStatus: 'trial_expired', subscriptionPlan: 'starter' });
    const response = await api(server.app, owner.cookie).post('/api/billing/downgrade');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionPlan: 'starter', accountStatus: 'active' });
    expect((await send('POST', '/api/probe/data')).statusCode).toBe(200);
  });
});
