// Seats carry their real assignment and last-activity dates (issue 32): given on assignment (for
// everyone, or per person), corrected later, refused when in the future or when the activity comes
// before the assignment — and a seat idle for months is then idle from day one.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseAssignments } from '../../db/schema';
import { api, buildAssignment, buildPerson, buildPool, buildSubscription } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { clock, server, db, ownerOnPlan } = useTestServerAt('2026-03-31T12:00:00Z');

async function setup() {
  const owner = await ownerOnPlan('pro');
  const app = await buildSubscription(db(), owner.orgId, { name: 'Figma' });
  const pool = await buildPool(db(), owner.orgId, app.id, { seats: 10, unitPriceMinor: 1_500 });
  const people = [
    await buildPerson(db(), owner.orgId),
    await buildPerson(db(), owner.orgId),
    await buildPerson(db(), owner.orgId),
  ];
  return { orgId: owner.orgId, pool, people, client: api(server.app, owner.cookie) };
}

const seatsOf = (orgId: string) =>
  db().select().from(licenseAssignments).where(eq(licenseAssignments.organizationId, orgId));

describe('seat dates on assignment', () => {
  it('stores the dates given for everyone, or each person’s own, and the seat is idle from the start', async () => {
    const { orgId, pool, people, client } = await setup();
    const [ada, bob, cy] = people;
    const shared = await client.post(`/api/licenses/${pool.id}/assignments`, {
      personIds: [ada.id],
      assignedAt: '2025-06-01',
      lastActiveAt: '2025-12-15',
    });
    expect(shared.statusCode).toBe(201);
    const bulk = await client.post(`/api/licenses/${pool.id}/assignments`, {
      assignments: [
        { personId: bob.id, assignedAt: '2024-01-10', lastActiveAt: '2026-03-30T08:00:00Z' },
        { personId: cy.id, assignedAt: '2026-02-01' },
      ],
    });
    expect(bulk.statusCode).toBe(201);
    const stored = new Map((await seatsOf(orgId)).map((s) => [s.personId, s]));
    expect(stored.get(ada.id)).toMatchObject({
      assignedAt: new Date('2025-06-01T00:00:00Z'),
      lastActiveAt: new Date('2025-12-15T00:00:00Z'),
      source: 'manual',
    });
    expect(stored.get(bob.id)).toMatchObject({
      assignedAt: new Date('2024-01-10T00:00:00Z'),
      lastActiveAt: new Date('2026-03-30T08:00:00Z'),
    });
    expect(stored.get(cy.id)).toMatchObject({
      assignedAt: new Date('2026-02-01T00:00:00Z'),
      lastActiveAt: null,
    });
    // What the Licenses screen shows: the real dates, and who is active in the 30-day window.
    const detail = (await client.get(`/api/licenses/${pool.id}`)).json();
    const shown = new Map(
      detail.assignments.map((a: { personId: string; assignedAt: string; active: boolean }) => [
        a.personId,
        a,
      ]),
    );
    expect(shown.get(ada.id)).toMatchObject({ assignedAt: '2025-06-01T00:00:00.000Z', active: false });
    expect(shown.get(bob.id)).toMatchObject({ active: true });
    expect(shown.get(cy.id)).toMatchObject({ active: false });
  });

  it('without dates, a seat is assigned now and never seen', async () => {
    const { orgId, pool, people, client } = await setup();
    expect(
      (await client.post(`/api/licenses/${pool.id}/assignments`, { personIds: [people[0].id] })).statusCode,
    ).toBe(201);
    expect((await seatsOf(orgId))[0]).toMatchObject({ assignedAt: clock.now(), lastActiveAt: null });
  });

  it('refuses, naming the field, a date in the future, an unreadable one, or activity before assignment; nothing is assigned', async () => {
    const { orgId, pool, people, client } = await setup();
    const [ada, bob] = people;
    const cases: Array<{ body: Record<string, unknown>; field: string }> = [
      { body: { personIds: [ada.id], assignedAt: '2026-04-05' }, field: 'assignedAt' },
      { body: { personIds: [ada.id], lastActiveAt: '2027-01-01T00:00:00Z' }, field: 'lastActiveAt' },
      {
        body: { personIds: [ada.id], assignedAt: '2026-03-01', lastActiveAt: '2026-02-28' },
        field: 'lastActiveAt',
      },
      {
        body: {
          assignments: [
            { personId: ada.id, assignedAt: '2026-01-01' },
            { personId: bob.id, assignedAt: '2026-03-10', lastActiveAt: '2026-03-09T23:00:00Z' },
          ],
        },
        field: 'assignments.1.lastActiveAt',
      },
      {
        body: { assignments: [{ personId: ada.id, assignedAt: '2026-05-01' }] },
        field: 'assignments.0.assignedAt',
      },
      { body: { personIds: [ada.id], assignedAt: '31/03/2026' }, field: 'assignedAt' },
    ];
    for (const { body, field } of cases) {
      const response = await client.post(`/api/licenses/${pool.id}/assignments`, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(JSON.stringify(response.json())).toContain(field);
    }
    expect(await seatsOf(orgId)).toEqual([]);
  });

  it('answers 404 for another organization’s pool or person, and assigns nobody', async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreignPool = await mine.client.post(`/api/licenses/${theirs.pool.id}/assignments`, {
      personIds: [mine.people[0].id],
      assignedAt: '2026-01-01',
    });
    expect(foreignPool.statusCode).toBe(404);
    const foreignPerson = await mine.client.post(`/api/licenses/${mine.pool.id}/assignments`, {
      assignments: [
        { personId: mine.people[0].id, assignedAt: '2026-01-01' },
        { personId: theirs.people[0].id, assignedAt: '2026-01-01' },
      ],
    });
    expect(foreignPerson.statusCode).toBe(404);
    expect(await seatsOf(mine.orgId)).toEqual([]);
    expect(await seatsOf(theirs.orgId)).toEqual([]);
  });
});

describe('the API description', () => {
  it('documents the dates on assignment and the correction of a seat', async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json();
    const assign = JSON.stringify(doc.paths['/api/licenses/{poolId}/assignments'].post.requestBody);
    for (const field of ['personIds', 'assignments', 'assignedAt', 'lastActiveAt'])
      expect(assign).toContain(field);
    const update = doc.paths['/api/licenses/{poolId}/assignments/{assignmentId}'].patch;
    expect(update.operationId).toBe('updateLicenseAssignment');
    expect(JSON.stringify(update.requestBody)).toContain('lastActiveAt');
  });
});

describe('correcting a seat’s dates', () => {
  it('sets the assignment and last activity, and clears the activity with null', async () => {
    const { orgId, pool, people, client } = await setup();
    const seat = await buildAssignment(db(), orgId, pool.id, people[0].id, {
      assignedAt: clock.now(),
      lastActiveAt: null,
    });
    const url = `/api/licenses/${pool.id}/assignments/${seat.id}`;
    const set = await client.patch(url, { assignedAt: '2025-09-01', lastActiveAt: '2025-11-20' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      assignedAt: '2025-09-01T00:00:00.000Z',
      lastActiveAt: '2025-11-20T00:00:00.000Z',
      source: 'manual',
      active: false,
    });
    const cleared = await client.patch(url, { lastActiveAt: null });
    expect(cleared.json()).toMatchObject({ assignedAt: '2025-09-01T00:00:00.000Z', lastActiveAt: null });
  });

  it('checks the merged dates: an assignment after the recorded activity is refused and nothing changes', async () => {
    const { orgId, pool, people, client } = await setup();
    const seat = await buildAssignment(db(), orgId, pool.id, people[0].id, {
      assignedAt: new Date('2025-01-01T00:00:00Z'),
      lastActiveAt: new Date('2025-06-01T00:00:00Z'),
    });
    const url = `/api/licenses/${pool.id}/assignments/${seat.id}`;
    for (const body of [
      { assignedAt: '2025-07-01' },
      { lastActiveAt: '2024-12-31' },
      { assignedAt: '2026-04-02' },
      { lastActiveAt: '2026-04-10' },
      { lastActiveAt: 'yesterday' },
    ]) {
      const response = await client.patch(url, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(JSON.stringify(response.json())).toMatch(/assignedAt|lastActiveAt/);
    }
    const [stored] = await db()
      .select()
      .from(licenseAssignments)
      .where(and(eq(licenseAssignments.organizationId, orgId), eq(licenseAssignments.id, seat.id)));
    expect(stored).toMatchObject({
      assignedAt: new Date('2025-01-01T00:00:00Z'),
      lastActiveAt: new Date('2025-06-01T00:00:00Z'),
    });
  });

  it('answers 404 for another organization’s seat, through their pool or ours', async () => {
    const mine = await setup();
    const theirs = await setup();
    const seat = await buildAssignment(db(), theirs.orgId, theirs.pool.id, theirs.people[0].id);
    for (const url of [
      `/api/licenses/${theirs.pool.id}/assignments/${seat.id}`,
      `/api/licenses/${mine.pool.id}/assignments/${seat.id}`,
    ]) {
      expect((await mine.client.patch(url, { assignedAt: '2025-01-01' })).statusCode).toBe(404);
    }
    const [stored] = await seatsOf(theirs.orgId);
    expect(stored.assignedAt).toEqual(seat.assignedAt);
  });
});
