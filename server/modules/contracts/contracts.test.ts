import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, contracts, subscriptions } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-10T08:00:00Z');
const server = useTestServer({ clock });

async function growthOrg() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'pro');
  const sub = await buildSubscription(server.database.db, owner.orgId, {
    name: 'Salesforce',
    billingCycle: 'annual',
    nextRenewalDate: '2026-06-30',
    autoRenew: false,
    noticePeriodDays: 0,
  });
  return { owner, client: api(server.app, owner.cookie), sub };
}

const msa = {
  title: 'Master subscription agreement',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  renewalTermMonths: 12,
  autoRenew: true,
  noticePeriodDays: 60,
  priceIncreaseCapPct: 5.5,
  totalValueMinor: 4_800_000,
  paymentTerms: 'Net 30',
};

async function subscriptionRow(id: string) {
  const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The audit rows about contracts and applications (sign-up writes its own), oldest first. */
async function auditRows(orgId: string) {
  return server.database.db
    .select({ action: auditEvents.action, changes: auditEvents.changes })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, orgId),
        inArray(auditEvents.entityType, ['contract', 'subscription']),
      ),
    )
    .orderBy(auditEvents.createdAt);
}

describe('contracts', () => {
  it('creates a contract; the application follows its end date, auto-renew and notice period', async () => {
    const { client, sub, owner } = await growthOrg();
    const created = await client.post(`/api/subscriptions/${sub.id}/contracts`, msa);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...msa,
      subscriptionId: sub.id,
      subscriptionName: 'Salesforce',
      currency: 'USD',
      status: 'active',
      cancelByDate: '2026-11-01',
      replacesContractId: null,
      replacedByContractId: null,
      documents: [],
    });
    const row = await subscriptionRow(sub.id);
    expect(row).toMatchObject({ nextRenewalDate: '2026-12-31', autoRenew: true, noticePeriodDays: 60 });
    // One click, one audit row: the application following the contract is a step, not a row.
    const audit = await auditRows(owner.orgId);
    expect(audit.map((a) => a.action)).toEqual(['contract.create']);
    expect(audit[0].changes).toMatchObject({
      subscriptionId: sub.id,
      steps: [{ action: 'subscription.update', entityId: sub.id }],
    });

    const list = (await client.get('/api/contracts')).json();
    expect(list).toHaveLength(1);
    expect((await client.get(`/api/subscriptions/${sub.id}/contracts`)).json()).toHaveLength(1);
  });

  it('also creates through POST /api/contracts and filters by application, status and ending window', async () => {
    const { client, sub, owner } = await growthOrg();
    const other = await buildSubscription(server.database.db, owner.orgId, { name: 'Zoom' });
    await client.post('/api/contracts', { ...msa, subscriptionId: sub.id, endDate: '2026-04-01' });
    await client.post('/api/contracts', {
      ...msa,
      subscriptionId: other.id,
      title: 'Zoom order',
      endDate: '2027-06-30',
    });
    await client.post('/api/contracts', {
      ...msa,
      subscriptionId: other.id,
      title: 'Old',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      status: 'expired',
    });
    expect((await client.get(`/api/contracts?subscriptionId=${other.id}`)).json()).toHaveLength(2);
    expect(
      (await client.get('/api/contracts?status=expired')).json().map((c: { title: string }) => c.title),
    ).toEqual(['Old']);
    const ending = (await client.get('/api/contracts?endingWithinDays=30')).json();
    expect(ending.map((c: { endDate: string }) => c.endDate)).toEqual(['2026-04-01']);
    // The expired contract does not move Zoom's renewal date.
    expect((await subscriptionRow(other.id)).nextRenewalDate).toBe('2027-06-30');
  });

  it('renews: the successor is linked, the old one is renewed and the application moves on', async () => {
    const { client, sub, owner } = await growthOrg();
    const old = (await client.post(`/api/subscriptions/${sub.id}/contracts`, msa)).json();
    const renewed = await client.post(`/api/contracts/${old.id}/renew`, { totalValueMinor: 5_064_000 });
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json()).toMatchObject({
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      status: 'active',
      replacesContractId: old.id,
      totalValueMinor: 5_064_000,
      priceIncreaseCapPct: 5.5,
      noticePeriodDays: 60,
    });
    const before = (await client.get(`/api/contracts/${old.id}`)).json();
    expect(before).toMatchObject({ status: 'renewed', replacedByContractId: renewed.json().id });
    expect((await subscriptionRow(sub.id)).nextRenewalDate).toBe('2027-12-31');
    // A renewed contract cannot be renewed again.
    expect((await client.post(`/api/contracts/${old.id}/renew`)).statusCode).toBe(409);
    const actions = await server.database.db
      .select({ action: auditEvents.action, changes: auditEvents.changes, at: auditEvents.createdAt })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, owner.orgId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['contract.create', 'contract.renew']),
    );
    // One row for the renewal: the application following it is a step, not a row of its own.
    const renewal = actions.find((a) => a.action === 'contract.renew')!;
    expect(renewal.changes).toMatchObject({
      successorId: renewed.json().id,
      steps: [{ action: 'subscription.update', entityId: sub.id }],
    });
    expect(actions.filter((a) => a.at >= renewal.at).map((a) => a.action)).toEqual(['contract.renew']);
  });

  it('updates and deletes; the application follows the remaining live contract', async () => {
    const { client, sub, owner } = await growthOrg();
    const first = (await client.post(`/api/subscriptions/${sub.id}/contracts`, msa)).json();
    const patched = await client.patch(`/api/contracts/${first.id}`, {
      endDate: '2027-03-31',
      noticePeriodDays: 90,
      notes: 'Signed',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      endDate: '2027-03-31',
      noticePeriodDays: 90,
      notes: 'Signed',
      cancelByDate: '2026-12-31',
    });
    expect(await subscriptionRow(sub.id)).toMatchObject({
      nextRenewalDate: '2027-03-31',
      noticePeriodDays: 90,
    });
    expect((await client.delete(`/api/contracts/${first.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/contracts/${first.id}`)).statusCode).toBe(404);
    // One row per click, the application's change folded in as a step.
    const audit = await auditRows(owner.orgId);
    expect(audit.map((a) => a.action)).toEqual(['contract.create', 'contract.update', 'contract.delete']);
    expect(audit[1].changes).toMatchObject({
      endDate: { from: '2026-12-31', to: '2027-03-31' },
      steps: [
        {
          action: 'subscription.update',
          entityId: sub.id,
          changes: {
            nextRenewalDate: { from: '2026-12-31', to: '2027-03-31' },
            source: { contractId: first.id },
          },
        },
      ],
    });
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const { client, sub, owner } = await growthOrg();
    const bad = [
      { ...msa, endDate: '2025-12-31' },
      { ...msa, title: '' },
      { ...msa, startDate: '2026-02-30' },
      { ...msa, noticePeriodDays: -1 },
      { ...msa, priceIncreaseCapPct: 1.234 },
      { ...msa, status: 'signed' },
      { ...msa, currency: 'XXX' },
    ];
    for (const body of bad) {
      const response = await client.post(`/api/subscriptions/${sub.id}/contracts`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    const first = (await client.post(`/api/subscriptions/${sub.id}/contracts`, msa)).json();
    expect((await client.patch(`/api/contracts/${first.id}`, { endDate: '2025-01-01' })).statusCode).toBe(
      400,
    );
    const rows = await server.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.organizationId, owner.orgId));
    expect(rows).toHaveLength(1);
    expect(rows[0].endDate).toBe('2026-12-31');
  });

  it("answers 404 for another tenant's application and contract, and changes nothing", async () => {
    const a = await growthOrg();
    const b = await growthOrg();
    const theirs = (await b.client.post(`/api/subscriptions/${b.sub.id}/contracts`, msa)).json();
    expect((await a.client.post(`/api/subscriptions/${b.sub.id}/contracts`, msa)).statusCode).toBe(404);
    expect((await a.client.post('/api/contracts', { ...msa, subscriptionId: b.sub.id })).statusCode).toBe(
      404,
    );
    expect((await a.client.get(`/api/subscriptions/${b.sub.id}/contracts`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/contracts/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.patch(`/api/contracts/${theirs.id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await a.client.post(`/api/contracts/${theirs.id}/renew`)).statusCode).toBe(404);
    expect((await a.client.delete(`/api/contracts/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.client.get('/api/contracts')).json()).toEqual([]);
    expect((await b.client.get(`/api/contracts/${theirs.id}`)).json()).toMatchObject({
      title: msa.title,
      status: 'active',
    });
  });

  it('needs the Growth plan (Starter lacks contract management)', async () => {
    const owner = await buildOrgOwner(server.app);
    const sub = await buildSubscription(server.database.db, owner.orgId);
    const client = api(server.app, owner.cookie);
    for (const response of [
      await client.get('/api/contracts'),
      await client.get(`/api/subscriptions/${sub.id}/contracts`),
      await client.post(`/api/subscriptions/${sub.id}/contracts`, msa),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    await setPlan(server.database.db, owner.orgId, 'scale');
    expect((await client.get('/api/contracts')).statusCode).toBe(200);
  });

  it('lets viewers read but not write; members and admins write', async () => {
    const { owner, client, sub } = await growthOrg();
    const contract = (await client.post(`/api/subscriptions/${sub.id}/contracts`, msa)).json();
    const viewer = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'viewer')).cookie,
    );
    expect((await viewer.get('/api/contracts')).statusCode).toBe(200);
    expect((await viewer.post(`/api/subscriptions/${sub.id}/contracts`, msa)).statusCode).toBe(403);
    expect((await viewer.patch(`/api/contracts/${contract.id}`, { title: 'x' })).statusCode).toBe(403);
    expect((await viewer.post(`/api/contracts/${contract.id}/renew`)).statusCode).toBe(403);
    expect((await viewer.delete(`/api/contracts/${contract.id}`)).statusCode).toBe(403);
    for (const role of ['member', 'admin'] as const) {
      const user = api(
        server.app,
        (await addMember(server.app, server.database.db, owner.orgId, role)).cookie,
      );
      expect((await user.patch(`/api/contracts/${contract.id}`, { notes: role })).statusCode).toBe(200);
    }
    expect((await api(server.app, 'sw_session=nope').get('/api/contracts')).statusCode).toBe(401);
  });
});
