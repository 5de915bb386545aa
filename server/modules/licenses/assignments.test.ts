import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, licenseAssignments, organizations } from '../../db/schema';
import { api } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, db, build, ownerOnPlan } = useTestServerAt('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);

async function setup(seats: number | null = 2) {
  const owner = await ownerOnPlan('pro');
  const app = await build.subscription(owner.orgId, {
    name: 'Slack',
    pricingModel: 'per-seat',
    seats: 2,
    unitPriceMinor: 1_000,
  });
  const pool = await build.pool(owner.orgId, app.id, { tierName: 'Pro', seats, unitPriceMinor: 1_000 });
  return { owner, orgId: owner.orgId, pool, client: api(server.app, owner.cookie) };
}

const openSeats = (orgId: string) =>
  db()
    .select()
    .from(licenseAssignments)
    .where(and(eq(licenseAssignments.organizationId, orgId), isNull(licenseAssignments.unassignedAt)));

describe('assigning seats', () => {
  it('assigns many people at once, reports those who already hold a seat, and marks the setup step', async () => {
    const { orgId, pool, client } = await setup(5);
    const [a, b, c] = [await build.person(orgId), await build.person(orgId), await build.person(orgId)];
    const first = await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: [a.id, b.id] });
    expect(first.statusCode).toBe(201);
    expect(
      first
        .json()
        .assigned.map((x: { personId: string }) => x.personId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(first.json().assigned[0]).toMatchObject({
      source: 'manual',
      lastActiveAt: null,
      active: false,
      unassignedAt: null,
    });
    expect(first.json().utilisation).toMatchObject({ purchased: 5, assigned: 2, unassigned: 3 });
    const [org] = await db().select().from(organizations).where(eq(organizations.id, orgId));
    expect(org.setupProgress.assignLicenses).toBe(true);

    const second = (
      await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: [b.id, c.id, c.id] })
    ).json();
    expect(second.assigned.map((x: { personId: string }) => x.personId)).toEqual([c.id]);
    expect(second.alreadyAssigned).toEqual([b.id]);
    expect(await openSeats(orgId)).toHaveLength(3);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.action, 'license.assign')));
    expect(audits).toHaveLength(3);
  });

  it('flags over-assignment instead of blocking it', async () => {
    const { orgId, pool, client } = await setup(1);
    const people = [await build.person(orgId), await build.person(orgId), await build.person(orgId)];
    const result = await client.post(`/api/licenses/${pool.id}/assignments`, {
      personIds: people.map((p) => p.id),
    });
    expect(result.statusCode).toBe(201);
    expect(result.json().utilisation).toMatchObject({
      purchased: 1,
      assigned: 3,
      unassigned: 0,
      overAssigned: true,
      overAssignedBy: 2,
    });
  });

  it('refuses offboarded people and bad input, changing nothing', async () => {
    const { orgId, pool, client } = await setup();
    const gone = await build.person(orgId, {
      status: 'offboarded',
      firstName: 'Gone',
      lastName: 'Person',
    });
    const ok = await build.person(orgId);
    const refused = await client.post(`/api/licenses/${pool.id}/assignments`, {
      personIds: [ok.id, gone.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Gone Person is offboarded');
    expect((await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: ['nope'] })).statusCode,
    ).toBe(400);
    expect((await client.post(`/api/licenses/${pool.id}/assignments`, {})).statusCode).toBe(400);
    expect(await openSeats(orgId)).toHaveLength(0);
  });
});

describe('unassigning, undo and reclaim', () => {
  it('unassigns one seat keeping its history, and restores it with its last activity (undo)', async () => {
    const { orgId, pool, client } = await setup();
    const p = await build.person(orgId);
    const seat = await build.assignment(orgId, pool.id, p.id, {
      lastActiveAt: daysAgo(3),
      source: 'csv',
    });
    const removed = await client.delete(`/api/licenses/${pool.id}/assignments/${seat.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      id: seat.id,
      unassignReason: 'manual',
      unassignedAt: '2026-03-31T12:00:00.000Z',
    });
    expect((await client.delete(`/api/licenses/${pool.id}/assignments/${seat.id}`)).statusCode).toBe(409);
    const detail = (await client.get(`/api/licenses/${pool.id}`)).json();
    expect(detail.assignments).toHaveLength(0);
    expect(detail.history.map((h: { id: string }) => h.id)).toEqual([seat.id]);

    const restored = await client.post(`/api/licenses/${pool.id}/assignments/${seat.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      unassignedAt: null,
      lastActiveAt: daysAgo(3).toISOString(),
      active: true,
    });
    expect((await client.post(`/api/licenses/${pool.id}/assignments/${seat.id}/restore`)).statusCode).toBe(
      409,
    );
  });

  it('will not restore a seat when the person got another one of the pool meanwhile', async () => {
    const { orgId, pool, client } = await setup();
    const p = await build.person(orgId);
    const old = await build.assignment(orgId, pool.id, p.id, {
      unassignedAt: daysAgo(1),
      unassignReason: 'manual',
    });
    await build.assignment(orgId, pool.id, p.id);
    expect((await client.post(`/api/licenses/${pool.id}/assignments/${old.id}/restore`)).statusCode).toBe(
      409,
    );
    expect(await openSeats(orgId)).toHaveLength(1);
  });

  it('reclaims inactive seats in bulk and leaves active ones unless asked', async () => {
    const { orgId, pool, client } = await setup(null);
    const seat = async (lastActiveAt: Date | null) =>
      build.assignment(orgId, pool.id, (await build.person(orgId)).id, { lastActiveAt });
    const idle = await seat(daysAgo(45));
    const never = await seat(null);
    const busy = await seat(daysAgo(1));
    const reclaimed = await client.post(`/api/licenses/${pool.id}/assignments/reclaim`, {
      assignmentIds: [idle.id, never.id, busy.id],
    });
    expect(reclaimed.json()).toMatchObject({
      reclaimed: 2,
      skippedActive: [busy.id],
      utilisation: { assigned: 1, active: 1 },
    });
    const closed = await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, idle.id));
    expect(closed[0].unassignReason).toBe('reclaim');
    const forced = await client.post(`/api/licenses/${pool.id}/assignments/reclaim`, {
      assignmentIds: [busy.id],
      includeActive: true,
    });
    expect(forced.json()).toMatchObject({ reclaimed: 1, skippedActive: [] });
    expect(
      (await client.post(`/api/licenses/${pool.id}/assignments/reclaim`, { assignmentIds: [busy.id] }))
        .statusCode,
    ).toBe(409);
    expect(
      (await client.post(`/api/licenses/${pool.id}/assignments/reclaim`, { assignmentIds: [] })).statusCode,
    ).toBe(400);
  });

  it('lets members assign and unassign, but not viewers', async () => {
    const { orgId, pool } = await setup();
    const member = api(server.app, (await build.member(orgId, 'member')).cookie);
    const viewer = api(server.app, (await build.member(orgId, 'viewer')).cookie);
    const p = await build.person(orgId);
    expect(
      (await viewer.post(`/api/licenses/${pool.id}/assignments`, { personIds: [p.id] })).statusCode,
    ).toBe(403);
    const made = await member.post(`/api/licenses/${pool.id}/assignments`, { personIds: [p.id] });
    expect(made.statusCode).toBe(201);
    const seatId = made.json().assigned[0].id;
    expect((await viewer.delete(`/api/licenses/${pool.id}/assignments/${seatId}`)).statusCode).toBe(403);
    expect(
      (await viewer.post(`/api/licenses/${pool.id}/assignments/reclaim`, { assignmentIds: [seatId] }))
        .statusCode,
    ).toBe(403);
    expect((await member.delete(`/api/licenses/${pool.id}/assignments/${seatId}`)).statusCode).toBe(200);
  });
});
