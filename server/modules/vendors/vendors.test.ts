import { describe, expect, it } from 'vitest';
import { addMember, api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer();

async function owner(plan: 'starter' | 'pro' = 'pro') {
  const user = await buildOrgOwner(server.app);
  await setPlan(server.database.db, user.orgId, plan);
  return { ...user, client: api(server.app, user.cookie) };
}

describe('vendors', () => {
  it('lists vendors with their application count and spend', async () => {
    const { client } = await owner('starter');
    await client.post('/api/subscriptions', { name: 'Slack', vendorName: 'Salesforce', amountMinor: 10_000 });
    await client.post('/api/subscriptions', {
      name: 'Tableau',
      vendorName: 'salesforce',
      billingCycle: 'annual',
      amountMinor: 120_000,
    });
    await client.post('/api/subscriptions', {
      name: 'Paused',
      vendorName: 'Salesforce',
      amountMinor: 99_999,
      status: 'paused',
    });
    await client.post('/api/subscriptions', { name: 'Zoom', vendorName: 'Zoom', amountMinor: 1_000 });
    const list = (await client.get('/api/vendors?sort=monthlySpend&order=desc')).json();
    expect(list.map((v: { name: string }) => v.name)).toEqual(['Salesforce', 'Zoom']);
    expect(list[0]).toMatchObject({
      applicationsCount: 3,
      monthlyMinor: 20_000,
      annualMinor: 240_000,
      currency: 'USD',
    });
    const detail = (await client.get(`/api/vendors/${list[0].id}`)).json();
    expect(detail.applications.map((a: { name: string }) => a.name)).toEqual(['Paused', 'Slack', 'Tableau']);
    expect((await client.get('/api/vendors?q=zo')).json()).toHaveLength(1);
  });

  it('gates editing on Growth: Starter gets 403 plan_required, pro can create, edit and delete', async () => {
    const starter = await owner('starter');
    for (const res of [
      await starter.client.post('/api/vendors', { name: 'Acme' }),
      await starter.client.patch('/api/vendors/00000000-0000-4000-8000-000000000000', { name: 'Acme' }),
      await starter.client.delete('/api/vendors/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    const pro = await owner('pro');
    const created = await pro.client.post('/api/vendors', {
      name: 'Acme',
      website: 'https://acme.example',
      accountManagerName: 'Road Runner',
      accountManagerEmail: 'rr@acme.example',
      supportEmail: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Acme',
      supportEmail: null,
      applicationsCount: 0,
      applications: [],
    });
    const id = created.json().id;
    expect((await pro.client.post('/api/vendors', { name: 'ACME' })).statusCode).toBe(409);
    const edited = await pro.client.patch(`/api/vendors/${id}`, {
      notes: 'Renegotiate in Q3',
      domain: 'acme.example',
    });
    expect(edited.json()).toMatchObject({ notes: 'Renegotiate in Q3', domain: 'acme.example', name: 'Acme' });
    expect(
      (await pro.client.post('/api/vendors', { name: 'Bad', accountManagerEmail: 'nope' })).json().fields[0]
        .field,
    ).toBe('accountManagerEmail');
    expect((await pro.client.delete(`/api/vendors/${id}`)).statusCode).toBe(204);
    expect((await pro.client.get(`/api/vendors/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a vendor live applications use (409), detaches archived ones', async () => {
    const { client } = await owner('pro');
    const app = (await client.post('/api/subscriptions', { name: 'Slack', vendorName: 'Salesforce' })).json();
    const res = await client.delete(`/api/vendors/${app.vendorId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('1 application');
    await client.delete(`/api/subscriptions/${app.id}`);
    expect((await client.delete(`/api/vendors/${app.vendorId}`)).statusCode).toBe(204);
    expect((await client.get(`/api/subscriptions/${app.id}`)).json().vendorId).toBeNull();
  });

  it("answers 404 for another tenant's vendor and forbids viewers", async () => {
    const a = await owner('pro');
    const b = await owner('pro');
    const theirs = (await b.client.post('/api/vendors', { name: 'Theirs' })).json();
    expect((await a.client.get(`/api/vendors/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.patch(`/api/vendors/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await a.client.delete(`/api/vendors/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/vendors/${theirs.id}`)).json().name).toBe('Theirs');
    const viewer = await addMember(server.app, server.database.db, a.orgId, 'viewer');
    const v = api(server.app, viewer.cookie);
    expect((await v.get('/api/vendors')).statusCode).toBe(200);
    expect((await v.post('/api/vendors', { name: 'Nope' })).json().code).toBe('forbidden');
  });
});
