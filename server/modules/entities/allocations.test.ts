import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../common/plans';
import { allocations, allocationShares, expenses } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildPerson, buildPool, buildSubscription, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { allocationSummaries } from './allocations.repo';
import { sharesFor } from './shares';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

const db = () => server.database.db;

async function orgOn(plan: PlanId) {
  const owner = await buildOrgOwner(server.app);
  await setPlan(db(), owner.orgId, plan);
  const client = api(server.app, owner.cookie);
  const [defaultEntity] = (await client.get('/api/entities')).json().items;
  const [defaultBrand] = (await client.get('/api/brands')).json().items;
  return { ...owner, client, defaultEntity, defaultBrand };
}

async function groupOrg() {
  const org = await orgOn('scale');
  const brandA = (await org.client.post('/api/brands', { name: 'Brand A', color: '#FF0000' })).json();
  const brandB = (await org.client.post('/api/brands', { name: 'Brand B' })).json();
  return { ...org, brandA, brandB };
}

const storedShares = async (orgId: string, targetId: string) =>
  db()
    .select({ brandId: allocationShares.brandId, bp: allocationShares.basisPoints })
    .from(allocationShares)
    .where(and(eq(allocationShares.organizationId, orgId), eq(allocationShares.targetId, targetId)))
    .orderBy(sql`${allocationShares.basisPoints} desc`);

describe('fixed allocations', () => {
  it('an application with nothing saved is wholly the default entity and brand', async () => {
    const { client, orgId, defaultEntity, defaultBrand } = await orgOn('starter');
    const app = await buildSubscription(db(), orgId);
    const response = await client.get(`/api/allocations/subscription/${app!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      targetKind: 'subscription',
      targetId: app!.id,
      method: 'fixed',
      explicit: false,
      shares: [
        {
          entityId: defaultEntity.id,
          entityName: defaultEntity.name,
          brandId: defaultBrand.id,
          brandName: defaultBrand.name,
          brandColor: defaultBrand.color,
          basisPoints: 10_000,
          percent: 100,
        },
      ],
    });
  });

  it('stores a 60/40 split and reads it back; the exports see it too', async () => {
    const { client, orgId, defaultEntity, brandA, brandB } = await groupOrg();
    const app = await buildSubscription(db(), orgId);
    const put = await client.put(`/api/allocations/subscription/${app!.id}`, {
      shares: [
        { entityId: defaultEntity.id, brandId: brandA.id, percent: 60 },
        { entityId: defaultEntity.id, brandId: brandB.id, percent: 40 },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ method: 'fixed', explicit: true });
    const read = (await client.get(`/api/allocations/subscription/${app!.id}`)).json();
    expect(read.shares.map((s: { brandName: string; percent: number }) => [s.brandName, s.percent])).toEqual([
      ['Brand A', 60],
      ['Brand B', 40],
    ]);
    expect(await storedShares(orgId, app!.id)).toEqual([
      { brandId: brandA.id, bp: 6000 },
      { brandId: brandB.id, bp: 4000 },
    ]);
    const other = await buildSubscription(db(), orgId);
    const shares = await sharesFor(db(), orgId, 'subscription', [app!.id, other!.id]);
    expect(shares.get(app!.id)!.map((s) => s.basisPoints)).toEqual([6000, 4000]);
    expect(shares.get(other!.id)).toEqual([
      { entityId: defaultEntity.id, brandId: expect.any(String), basisPoints: 10_000 },
    ]);
    const summaries = await allocationSummaries(db(), orgId, 'subscription', [app!.id]);
    expect(summaries.get(app!.id)![0]).toMatchObject({ brandName: 'Brand A', brandColor: '#FF0000' });
  });

  it('refuses shares that do not add up to 100 %, archived or foreign brands (400), storing nothing', async () => {
    const { client, orgId, defaultEntity, brandA, brandB } = await groupOrg();
    const other = await orgOn('scale');
    const app = await buildSubscription(db(), orgId);
    await client.patch(`/api/brands/${brandB.id}`, { archived: true });
    const bad = [
      [
        { entityId: defaultEntity.id, brandId: brandA.id, percent: 60 },
        { entityId: defaultEntity.id, brandId: other.defaultBrand.id, percent: 30 },
      ],
      [{ entityId: defaultEntity.id, brandId: brandA.id, percent: 99.99 }],
      [
        { entityId: defaultEntity.id, brandId: brandA.id, percent: 50 },
        { entityId: defaultEntity.id, brandId: brandB.id, percent: 50 },
      ],
      [
        { entityId: other.defaultEntity.id, brandId: brandA.id, percent: 50 },
        { entityId: defaultEntity.id, brandId: other.defaultBrand.id, percent: 50 },
      ],
      [],
    ];
    for (const shares of bad) {
      const response = await client.put(`/api/allocations/subscription/${app!.id}`, { shares });
      expect(response.statusCode, JSON.stringify(shares)).toBe(400);
    }
    expect(await storedShares(orgId, app!.id)).toEqual([]);
  });

  it('a whole share of the default pair, or DELETE, resets to no allocation', async () => {
    const { client, orgId, defaultEntity, defaultBrand, brandA } = await groupOrg();
    const app = await buildSubscription(db(), orgId);
    const url = `/api/allocations/subscription/${app!.id}`;
    await client.put(url, { shares: [{ entityId: defaultEntity.id, brandId: brandA.id, percent: 100 }] });
    const reset = await client.put(url, {
      shares: [{ entityId: defaultEntity.id, brandId: defaultBrand.id, percent: 100 }],
    });
    expect(reset.json()).toMatchObject({ explicit: false });
    expect(await storedShares(orgId, app!.id)).toEqual([]);
    await client.put(url, { shares: [{ entityId: defaultEntity.id, brandId: brandA.id, percent: 100 }] });
    expect((await client.delete(url)).statusCode).toBe(204);
    expect((await client.get(url)).json().explicit).toBe(false);
    const rows = await db().select().from(allocations).where(eq(allocations.targetId, app!.id));
    expect(rows).toEqual([]);
  });

  it('another organization’s target, or a missing one, answers 404 for every kind', async () => {
    const { client, defaultEntity, brandA } = await groupOrg();
    const theirs = await orgOn('scale');
    const theirApp = await buildSubscription(db(), theirs.orgId);
    const theirPool = await buildPool(db(), theirs.orgId, theirApp!.id);
    const body = { shares: [{ entityId: defaultEntity.id, brandId: brandA.id, percent: 100 }] };
    const targets = [
      ['subscription', theirApp!.id],
      ['license_pool', theirPool!.id],
      ['contract', theirApp!.id],
      ['expense', theirApp!.id],
      ['budget', theirApp!.id],
    ];
    for (const [kind, id] of targets) {
      expect((await client.get(`/api/allocations/${kind}/${id}`)).statusCode, kind).toBe(404);
      expect((await client.put(`/api/allocations/${kind}/${id}`, body)).statusCode, kind).toBe(404);
      expect((await client.delete(`/api/allocations/${kind}/${id}`)).statusCode, kind).toBe(404);
    }
    expect(await storedShares(theirs.orgId, theirApp!.id)).toEqual([]);
  });

  it('changing an allocation needs Scale; reading it works on every plan', async () => {
    const { client, orgId, defaultEntity, defaultBrand } = await orgOn('pro');
    const app = await buildSubscription(db(), orgId);
    const url = `/api/allocations/subscription/${app!.id}`;
    expect((await client.get(url)).statusCode).toBe(200);
    const put = await client.put(url, {
      shares: [{ entityId: defaultEntity.id, brandId: defaultBrand.id, percent: 100 }],
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('plan_required');
    expect((await client.delete(url)).statusCode).toBe(403);
  });
});

describe('an expense’s own allocation', () => {
  const monthTotals = (orgId: string) =>
    db().execute(sql`select expense_id::text, amount_minor::int as amount from expense_month_totals
      where organization_id = ${orgId} and count <> 0 order by 1`);

  it('flips has_own_allocation and moves the expense in the month totals, and back', async () => {
    const { client, orgId, defaultEntity, brandA } = await groupOrg();
    const [expense] = await db()
      .insert(expenses)
      .values({
        organizationId: orgId,
        date: '2026-03-02',
        amountMinor: 1234,
        currency: 'USD',
        merchant: 'X',
        merchantKey: 'X',
        merchantName: 'X',
      })
      .returning();
    const nil = '00000000-0000-0000-0000-000000000000';
    expect((await monthTotals(orgId)).rows).toEqual([{ expense_id: nil, amount: 1234 }]);
    const url = `/api/allocations/expense/${expense!.id}`;
    const put = await client.put(url, {
      shares: [{ entityId: defaultEntity.id, brandId: brandA.id, percent: 100 }],
    });
    expect(put.statusCode).toBe(200);
    const [flagged] = await db().select().from(expenses).where(eq(expenses.id, expense!.id));
    expect(flagged!.hasOwnAllocation).toBe(true);
    expect((await monthTotals(orgId)).rows).toEqual([{ expense_id: expense!.id, amount: 1234 }]);

    expect((await client.delete(url)).statusCode).toBe(204);
    const [cleared] = await db().select().from(expenses).where(eq(expenses.id, expense!.id));
    expect(cleared!.hasOwnAllocation).toBe(false);
    expect((await monthTotals(orgId)).rows).toEqual([{ expense_id: nil, amount: 1234 }]);
  });

  it('rules apply to applications and license pools only (400)', async () => {
    const { client, orgId } = await groupOrg();
    const [expense] = await db()
      .insert(expenses)
      .values({
        organizationId: orgId,
        date: '2026-03-02',
        amountMinor: 100,
        currency: 'USD',
        merchant: 'X',
        merchantKey: 'X',
        merchantName: 'X',
      })
      .returning();
    const response = await client.put(`/api/allocations/expense/${expense!.id}`, {
      method: 'license_holders',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('rule-based allocations', () => {
  it('license_holders follows seats as they are assigned and unassigned (through the events)', async () => {
    const { client, orgId, defaultEntity, defaultBrand, brandA, brandB } = await groupOrg();
    const app = await buildSubscription(db(), orgId);
    const pool = await buildPool(db(), orgId, app!.id);
    const ann = await buildPerson(db(), orgId, { brandId: brandA.id });
    const bob = await buildPerson(db(), orgId, { brandId: brandB.id });
    const cat = await buildPerson(db(), orgId, { brandId: brandB.id });
    const url = `/api/allocations/subscription/${app!.id}`;

    const saved = await client.put(url, { method: 'license_holders' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ method: 'license_holders', explicit: true });
    // Nobody holds a seat yet: wholly the default pair.
    expect(await storedShares(orgId, app!.id)).toEqual([{ brandId: defaultBrand.id, bp: 10_000 }]);

    const assigned = await client.post(`/api/licenses/${pool!.id}/assignments`, {
      personIds: [ann!.id, bob!.id, cat!.id],
    });
    expect(assigned.statusCode).toBe(201);
    await server.app.deps.events.drain();
    // 1 of 3 on A, 2 of 3 on B: the basis points still add up to 10000.
    expect(await storedShares(orgId, app!.id)).toEqual([
      { brandId: brandB.id, bp: 6667 },
      { brandId: brandA.id, bp: 3333 },
    ]);

    const bobSeat = assigned.json().assigned.find((a: { personId: string }) => a.personId === bob!.id);
    const catSeat = assigned.json().assigned.find((a: { personId: string }) => a.personId === cat!.id);
    for (const seat of [bobSeat, catSeat])
      expect((await client.delete(`/api/licenses/${pool!.id}/assignments/${seat.id}`)).statusCode).toBe(200);
    await server.app.deps.events.drain();
    expect(await storedShares(orgId, app!.id)).toEqual([{ brandId: brandA.id, bp: 10_000 }]);
    const read = (await client.get(url)).json();
    expect(read.shares[0]).toMatchObject({ entityId: defaultEntity.id, brandName: 'Brand A', percent: 100 });
  });

  it('department splits by the holders’ departments, mapped (unmapped → default)', async () => {
    const { client, orgId, defaultEntity, defaultBrand, brandA } = await groupOrg();
    const mapping = await client.put('/api/department-allocations', {
      items: [{ department: 'Sales', entityId: defaultEntity.id, brandId: brandA.id }],
    });
    expect(mapping.statusCode).toBe(200);
    expect((await client.get('/api/department-allocations')).json().items).toEqual([
      { department: 'Sales', entityId: defaultEntity.id, brandId: brandA.id },
    ]);
    const app = await buildSubscription(db(), orgId);
    const pool = await buildPool(db(), orgId, app!.id);
    const seller = await buildPerson(db(), orgId, { department: 'sales' });
    const engineer = await buildPerson(db(), orgId, { department: 'Engineering' });
    await client.post(`/api/licenses/${pool!.id}/assignments`, { personIds: [seller!.id, engineer!.id] });
    await server.app.deps.events.drain();
    const put = await client.put(`/api/allocations/license_pool/${pool!.id}`, { method: 'department' });
    expect(put.statusCode).toBe(200);
    expect(await storedShares(orgId, pool!.id)).toEqual([
      { brandId: expect.any(String), bp: 5000 },
      { brandId: expect.any(String), bp: 5000 },
    ]);
    expect((await storedShares(orgId, pool!.id)).map((s) => s.brandId).sort()).toEqual(
      [brandA.id, defaultBrand.id].sort(),
    );

    // Moving the engineer to Sales (a person's PATCH) recomputes at once.
    const patched = await client.patch(`/api/people/${engineer!.id}`, { department: 'Sales' });
    expect(patched.statusCode).toBe(200);
    expect(await storedShares(orgId, pool!.id)).toEqual([{ brandId: brandA.id, bp: 10_000 }]);
  });

  it('a person’s own brand is set through the people API, shown with its name, and validated', async () => {
    const { client, orgId, brandA } = await groupOrg();
    const other = await orgOn('scale');
    const person = await buildPerson(db(), orgId);
    const patched = await client.patch(`/api/people/${person!.id}`, { brandId: brandA.id });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ brandId: brandA.id, brandName: 'Brand A', entityId: null });
    const foreign = await client.patch(`/api/people/${person!.id}`, { brandId: other.defaultBrand.id });
    expect(foreign.statusCode).toBe(400);
    expect((await client.get(`/api/people/${person!.id}`)).json().brandId).toBe(brandA.id);
  });

  it('department mappings refuse unknown brands and repeated departments (400)', async () => {
    const { client, defaultEntity, brandA } = await groupOrg();
    const other = await orgOn('scale');
    const foreign = await client.put('/api/department-allocations', {
      items: [{ department: 'Sales', entityId: defaultEntity.id, brandId: other.defaultBrand.id }],
    });
    expect(foreign.statusCode).toBe(400);
    const repeated = await client.put('/api/department-allocations', {
      items: [
        { department: 'Sales', entityId: defaultEntity.id, brandId: brandA.id },
        { department: 'SALES', entityId: defaultEntity.id, brandId: brandA.id },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect((await client.get('/api/department-allocations')).json().items).toEqual([]);
  });
});
