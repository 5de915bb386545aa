import { describe, expect, it } from 'vitest';
import { api, buildOrgOwner, registerUser } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

const workspace = {
  step: 'workspace',
  organizationName: 'Acme Robotics',
  currency: 'EUR',
  fiscalYearStartMonth: 4,
  companySize: '51-200',
};

describe('onboarding phases', () => {
  it('walks profile → workspace → apps → completed and creates the organization with an owner', async () => {
    const user = await registerUser(server.app);
    const client = api(server.app, user.cookie);

    const noOrg = await client.get('/api/organization');
    expect(noOrg.statusCode).toBe(403);
    expect(noOrg.json().code).toBe('onboarding_required');

    const profile = await client.patch('/api/onboarding', {
      step: 'profile',
      firstName: 'Ada',
      lastName: 'Byron',
      jobTitle: 'Head of IT',
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      onboardingPhase: 'workspace',
      lastName: 'Byron',
      jobTitle: 'Head of IT',
    });

    const ws = await client.patch('/api/onboarding', workspace);
    expect(ws.json().onboardingPhase).toBe('apps');

    const org = await client.get('/api/organization');
    expect(org.statusCode).toBe(200);
    expect(org.json()).toMatchObject({
      name: 'Acme Robotics',
      currency: 'EUR',
      fiscalYearStartMonth: 4,
      companySize: '51-200',
      subscriptionPlan: 'starter',
      effectivePlan: 'starter',
      role: 'owner',
      isTrialActive: false,
      hasPaymentMethod: false,
    });

    const done = await client.patch('/api/onboarding', { step: 'apps' });
    expect(done.json().onboardingPhase).toBe('completed');
    const again = await client.patch('/api/onboarding', { step: 'apps' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses to skip ahead and changes nothing', async () => {
    const user = await registerUser(server.app);
    const client = api(server.app, user.cookie);
    const skip = await client.patch('/api/onboarding', workspace);
    expect(skip.statusCode).toBe(400);
    expect(skip.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('profile') });
    expect((await client.get('/api/auth/user')).json().onboardingPhase).toBe('profile');
    expect((await client.get('/api/organizations')).json()).toEqual([]);
    expect((await client.patch('/api/onboarding', { step: 'apps' })).statusCode).toBe(400);
  });

  it('lets an earlier step be edited without moving the phase, and does not create a second organization', async () => {
    const user = await registerUser(server.app);
    const client = api(server.app, user.cookie);
    await client.patch('/api/onboarding', { step: 'profile', firstName: 'A', lastName: 'B' });
    await client.patch('/api/onboarding', workspace);
    const edit = await client.patch('/api/onboarding', { ...workspace, organizationName: 'Acme Renamed' });
    expect(edit.json().onboardingPhase).toBe('apps');
    const orgs = (await client.get('/api/organizations')).json();
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: 'Acme Renamed', subscriptionPlan: 'starter', role: 'owner' });
  });

  it('validates each step, naming the bad fields', async () => {
    const user = await registerUser(server.app);
    const client = api(server.app, user.cookie);
    const bad = await client.patch('/api/onboarding', { step: 'profile', firstName: '', lastName: 7 });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    const unknownStep = await client.patch('/api/onboarding', { step: 'billing' });
    expect(unknownStep.statusCode).toBe(400);
  });
});

describe('organization', () => {
  it('lets the owner rename it and edit currency and fiscal year, and audits the change', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const patched = await client.patch('/api/organization', {
      name: 'Globex',
      currency: 'GBP',
      fiscalYearStartMonth: 7,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Globex', currency: 'GBP', fiscalYearStartMonth: 7 });
    const list = (await client.get('/api/organizations')).json();
    expect(list[0]).toMatchObject({ id: owner.orgId, name: 'Globex', setupProgress: {} });
  });

  it('rejects bad values with 400 and keeps the organization unchanged', async () => {
    const owner = await buildOrgOwner(server.app, { orgName: 'Initech' });
    const client = api(server.app, owner.cookie);
    const bad = await client.patch('/api/organization', { currency: 'dollars', fiscalYearStartMonth: 13 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['currency', 'fiscalYearStartMonth']);
    expect((await client.get('/api/organization')).json()).toMatchObject({
      name: 'Initech',
      currency: 'USD',
      fiscalYearStartMonth: 1,
    });
  });

  it('keeps tenants apart: each user sees only their own organization', async () => {
    const a = await buildOrgOwner(server.app, { orgName: 'Tenant A' });
    const b = await buildOrgOwner(server.app, { orgName: 'Tenant B' });
    const listA = (await api(server.app, a.cookie).get('/api/organizations')).json();
    const listB = (await api(server.app, b.cookie).get('/api/organizations')).json();
    expect(listA.map((o: { name: string }) => o.name)).toEqual(['Tenant A']);
    expect(listB.map((o: { name: string }) => o.name)).toEqual(['Tenant B']);
  });
});

describe('first applications', () => {
  it('picked from the catalogue as the apps step sends them, they give the first dashboard real figures', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    for (const body of [
      { name: 'Slack', catalogSlug: 'slack', seats: 40 },
      { name: 'Zoom', catalogSlug: 'zoom' },
      { name: 'Notion', catalogSlug: 'notion', seats: 12, pricingModel: 'per-seat', unitPriceMinor: 1_000 },
    ]) {
      expect((await client.post('/api/subscriptions', body)).statusCode).toBe(201);
    }
    const { items } = (await client.get('/api/subscriptions')).json();
    const slack = items.find((s: { name: string }) => s.name === 'Slack');
    expect(slack).toMatchObject({
      pricingModel: 'per-seat',
      seats: 40,
      unitPriceMinor: 875,
      monthlyMinor: 35_000,
    });
    expect(items.every((s: { nextRenewalDate: string | null }) => s.nextRenewalDate !== null)).toBe(true);

    const summary = (await client.get('/api/dashboard/summary')).json();
    expect(summary.applications).toBe(3);
    expect(summary.monthlySpendMinor).toBeGreaterThan(35_000 + 12_000);
    const renewals = (await client.get('/api/renewals?window=60')).json();
    expect(renewals.items.map((r: { name: string }) => r.name).sort()).toEqual(['Notion', 'Slack', 'Zoom']);
  });
});
