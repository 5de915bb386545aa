import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, licenseAssignments, licensePools, organizations } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, db, build, ownerOnPlan } = useTestServerAt('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);

async function growthOrg() {
  const owner = await ownerOnPlan('pro');
  return { owner, orgId: owner.orgId, client: api(server.app, owner.cookie) };
}

describe('plan gating', () => {
  it('answers 403 plan_required on Starter for every licenses route', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const app = await build.subscription(owner.orgId);
    const pool = await build.pool(owner.orgId, app.id);
    for (const response of [
      await client.get('/api/licenses'),
      await client.post('/api/licenses', { subscriptionId: app.id }),
      await client.get(`/api/licenses/${pool.id}`),
      await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: [app.id] }),
      await client.put('/api/licenses/settings', { inactivityDays: 60 }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    }
    expect((await client.get('/api/people')).statusCode).toBe(200);
  });

  it('opens licenses during a Growth trial', async () => {
    const owner = await buildOrgOwner(server.app);
    await db()
      .update(organizations)
      .set({ accountStatus: 'trial', trialPlan: 'pro', trialEndsAt: new Date('2026-04-10T00:00:00Z') })
      .where(eq(organizations.id, owner.orgId));
    expect((await api(server.app, owner.cookie).get('/api/licenses')).statusCode).toBe(200);
  });
});

describe('pools', () => {
  it('creates a pool with defaults from the application and answers its utilisation', async () => {
    const { client, orgId } = await growthOrg();
    const slack = await build.subscription(orgId, {
      name: 'Slack',
      pricingModel: 'per-seat',
      seats: 20,
      unitPriceMinor: 875,
      billingCycle: 'monthly',
      currency: 'USD',
    });
    const created = await client.post('/api/licenses', { subscriptionId: slack.id, tierName: 'Pro' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      subscriptionName: 'Slack',
      tierName: 'Pro',
      seats: 20,
      unitPriceMinor: 875,
      billingCycle: 'monthly',
      currency: 'USD',
      seatYearlyCostMinor: 10_500,
      utilisation: {
        purchased: 20,
        assigned: 0,
        unassigned: 20,
        utilisationPct: 0,
        wasteYearlyMinor: 210_000,
      },
    });
    const flat = await build.subscription(orgId, {
      name: 'Notion',
      amountMinor: 120_000,
      seats: 12,
      billingCycle: 'annual',
    });
    const notion = (await client.post('/api/licenses', { subscriptionId: flat.id, seats: null })).json();
    expect(notion).toMatchObject({
      tierName: 'Standard',
      seats: null,
      unitPriceMinor: 10_000,
      billingCycle: 'annual',
    });
    const dup = await client.post('/api/licenses', { subscriptionId: slack.id, tierName: 'pro' });
    expect(dup.statusCode).toBe(409);
    const bad = await client.post('/api/licenses', {
      subscriptionId: slack.id,
      tierName: 'X',
      seats: -1,
      unitPriceMinor: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['seats', 'unitPriceMinor']);
    expect(await db().select().from(licensePools).where(eq(licensePools.organizationId, orgId))).toHaveLength(
      2,
    );
  });

  it('updates, lists grouped by application sorted by waste, and deletes with an audit trail', async () => {
    const { client, orgId } = await growthOrg();
    const figma = await build.subscription(orgId, { name: 'Figma' });
    const zoom = await build.subscription(orgId, { name: 'Zoom' });
    const full = await build.pool(orgId, figma.id, {
      tierName: 'Full',
      seats: 5,
      unitPriceMinor: 4_500,
    });
    const dev = await build.pool(orgId, figma.id, {
      tierName: 'Dev',
      seats: null,
      unitPriceMinor: 2_500,
    });
    await build.pool(orgId, zoom.id, { tierName: 'Pro', seats: 2, unitPriceMinor: 1_000 });
    const p = await build.person(orgId);
    await build.assignment(orgId, full.id, p.id, { lastActiveAt: daysAgo(2), source: 'csv' });
    await build.assignment(orgId, dev.id, p.id);

    const patched = await client.patch(`/api/licenses/${full.id}`, { seats: 4, notes: 'Renews in June' });
    expect(patched.json()).toMatchObject({
      seats: 4,
      notes: 'Renews in June',
      utilisation: { unassigned: 3 },
    });

    const overview = (await client.get('/api/licenses')).json();
    expect(overview.inactivityDays).toBe(30);
    expect(overview.applications.map((a: { name: string }) => a.name)).toEqual(['Figma', 'Zoom']);
    const figmaView = overview.applications[0];
    expect(figmaView.hasUsageData).toBe(true);
    expect(figmaView.pools.map((x: { tierName: string }) => x.tierName)).toEqual(['Dev', 'Full']);
    expect(figmaView.utilisation).toMatchObject({
      purchased: null,
      assigned: 2,
      unassigned: 3,
      active: 1,
      inactive: 1,
      wastedSeats: 4,
      wasteYearlyMinor: 3 * 54_000 + 30_000,
    });
    expect(overview.totals).toMatchObject({
      pools: 3,
      assigned: 2,
      active: 1,
      wasteYearly: [{ currency: 'USD', amountMinor: 216_000 }],
    });
    expect((await client.get(`/api/licenses?subscriptionId=${zoom.id}`)).json().applications).toHaveLength(1);

    expect((await client.delete(`/api/licenses/${dev.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/licenses/${dev.id}`)).statusCode).toBe(404);
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.organizationId, orgId))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['license_pool.update', 'license_pool.delete']));
  });

  it('changes the inactivity window (30/60/90 only; owners and admins), which changes who is active', async () => {
    const { client, orgId } = await growthOrg();
    const app = await build.subscription(orgId);
    const pool = await build.pool(orgId, app.id, { seats: 1 });
    await build.assignment(orgId, pool.id, (await build.person(orgId)).id, {
      lastActiveAt: daysAgo(45),
    });
    expect((await client.get(`/api/licenses/${pool.id}`)).json().utilisation.active).toBe(0);
    expect((await client.put('/api/licenses/settings', { inactivityDays: 45 })).statusCode).toBe(400);
    const member = api(server.app, (await build.member(orgId, 'member')).cookie);
    expect((await member.put('/api/licenses/settings', { inactivityDays: 60 })).statusCode).toBe(403);
    expect((await client.put('/api/licenses/settings', { inactivityDays: 60 })).json()).toEqual({
      inactivityDays: 60,
    });
    expect((await client.get('/api/licenses/settings')).json()).toEqual({ inactivityDays: 60 });
    const detail = (await client.get(`/api/licenses/${pool.id}`)).json();
    expect(detail).toMatchObject({ inactivityDays: 60, utilisation: { active: 1, inactive: 0 } });
    expect(detail.assignments[0].active).toBe(true);
  });

  it("hides another organization's pools and applications (404) and never changes them", async () => {
    const a = await growthOrg();
    const b = await growthOrg();
    const theirApp = await build.subscription(b.orgId);
    const theirPool = await build.pool(b.orgId, theirApp.id);
    const theirPerson = await build.person(b.orgId);
    const seat = await build.assignment(b.orgId, theirPool.id, theirPerson.id);
    const ownApp = await build.subscription(a.orgId);
    const ownPool = await build.pool(a.orgId, ownApp.id);
    for (const response of [
      await a.client.post('/api/licenses', { subscriptionId: theirApp.id }),
      await a.client.get(`/api/licenses/${theirPool.id}`),
      await a.client.patch(`/api/licenses/${theirPool.id}`, { seats: 1 }),
      await a.client.delete(`/api/licenses/${theirPool.id}`),
      await a.client.post(`/api/licenses/${theirPool.id}/assignments`, { personIds: [theirPerson.id] }),
      await a.client.post(`/api/licenses/${ownPool.id}/assignments`, { personIds: [theirPerson.id] }),
      await a.client.delete(`/api/licenses/${theirPool.id}/assignments/${seat.id}`),
      await a.client.delete(`/api/licenses/${ownPool.id}/assignments/${seat.id}`),
      await a.client.post(`/api/licenses/${ownPool.id}/assignments/reclaim`, { assignmentIds: [seat.id] }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await a.client.get('/api/licenses'))
        .json()
        .applications.map((x: { subscriptionId: string }) => x.subscriptionId),
    ).toEqual([ownApp.id]);
    const [pool] = await db().select().from(licensePools).where(eq(licensePools.id, theirPool.id));
    expect(pool.seats).toBe(10);
    const open = await db()
      .select()
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.organizationId, b.orgId)));
    expect(open).toHaveLength(1);
    expect(open[0].unassignedAt).toBeNull();
  });

  it('lets viewers read pools but not change them', async () => {
    const { orgId } = await growthOrg();
    const app = await build.subscription(orgId);
    const pool = await build.pool(orgId, app.id);
    const viewer = api(server.app, (await build.member(orgId, 'viewer')).cookie);
    expect((await viewer.get('/api/licenses')).statusCode).toBe(200);
    expect((await viewer.get(`/api/licenses/${pool.id}`)).statusCode).toBe(200);
    expect((await viewer.patch(`/api/licenses/${pool.id}`, { seats: 1 })).statusCode).toBe(403);
    expect((await viewer.post('/api/licenses', { subscriptionId: app.id })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/licenses/${pool.id}`)).statusCode).toBe(403);
  });
});
