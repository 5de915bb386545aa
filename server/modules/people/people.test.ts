import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, people } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');

async function starterOrg() {
  const owner = await buildOrgOwner(server.app);
  return { owner, client: api(server.app, owner.cookie) };
}

describe('people CRUD (Users is on every plan, Starter included)', () => {
  it('creates a person, lower-casing the e-mail, and reads it back with no licenses', async () => {
    const { owner, client } = await starterOrg();
    const created = await client.post('/api/people', {
      email: '  Grace.Hopper@Example.com ',
      firstName: 'Grace',
      lastName: 'Hopper',
      department: 'Engineering',
      team: 'Compilers',
      title: 'Rear Admiral',
      startDate: '2026-01-05',
    });
    expect(created.statusCode).toBe(201);
    const person = created.json();
    expect(person).toMatchObject({
      email: 'grace.hopper@example.com',
      name: 'Grace Hopper',
      department: 'Engineering',
      team: 'Compilers',
      status: 'active',
      source: 'manual',
      startDate: '2026-01-05',
      endDate: null,
      licenses: [],
      yearlyCosts: [],
    });
    expect((await client.get(`/api/people/${person.id}`)).json().id).toBe(person.id);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, owner.orgId), eq(auditEvents.action, 'person.create')));
    expect(audit.entityId).toBe(person.id);
  });

  it('refuses a duplicate e-mail regardless of case (409) and bad input (400) without storing anything', async () => {
    const { owner, client } = await starterOrg();
    await client.post('/api/people', { email: 'ada@example.com', firstName: 'Ada' });
    const dup = await client.post('/api/people', { email: 'ADA@example.com', firstName: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('conflict');
    const bad = await client.post('/api/people', { email: 'not-an-email', startDate: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['email', 'startDate']),
    );
    const backwards = await client.post('/api/people', {
      email: 'x@example.com',
      startDate: '2026-02-01',
      endDate: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    const rows = await db().select().from(people).where(eq(people.organizationId, owner.orgId));
    expect(rows).toHaveLength(1);
  });

  it('updates fields and the manager, refuses self-management, and deletes', async () => {
    const { owner, client } = await starterOrg();
    const boss = await build.person(owner.orgId, { firstName: 'Boss', lastName: 'Person' });
    const p = await build.person(owner.orgId);
    const updated = await client.patch(`/api/people/${p.id}`, { title: 'Engineer', managerId: boss.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Engineer',
      managerId: boss.id,
      managerName: 'Boss Person',
    });
    expect((await client.patch(`/api/people/${p.id}`, { managerId: p.id })).statusCode).toBe(400);
    expect(
      (await client.patch(`/api/people/${p.id}`, { endDate: '2020-01-01', startDate: '2021-01-01' }))
        .statusCode,
    ).toBe(400);
    expect((await client.patch(`/api/people/${p.id}`, { email: boss.email.toUpperCase() })).statusCode).toBe(
      409,
    );
    expect((await client.delete(`/api/people/${p.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/people/${p.id}`)).statusCode).toBe(404);
  });
});

describe('people list', () => {
  it('searches, filters by department and status, paginates, and lists open seats with yearly cost', async () => {
    const { owner, client } = await starterOrg();
    const org = owner.orgId;
    const ada = await build.person(org, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@ex.com',
      department: 'Engineering',
    });
    await build.person(org, {
      firstName: 'Bob',
      lastName: 'Builder',
      email: 'bob@ex.com',
      department: 'Sales',
      title: 'Account Executive',
    });
    const gone = await build.person(org, {
      firstName: 'Carl',
      lastName: 'Gone',
      email: 'carl@ex.com',
      department: 'Sales',
      status: 'offboarded',
    });
    const perSeat = { pricingModel: 'per-seat' as const, seats: 10, unitPriceMinor: 1_000 };
    const slack = await build.subscription(org, { name: 'Slack', ...perSeat });
    const figma = await build.subscription(org, {
      name: 'Figma',
      ...perSeat,
      currency: 'EUR',
    });
    const slackPro = await build.pool(org, slack.id, { tierName: 'Pro', unitPriceMinor: 875 });
    const figmaFull = await build.pool(org, figma.id, {
      tierName: 'Full',
      unitPriceMinor: 15_000,
      billingCycle: 'annual',
      currency: 'EUR',
    });
    await build.assignment(org, slackPro.id, ada.id, { lastActiveAt: new Date('2026-03-30T00:00:00Z') });
    await build.assignment(org, figmaFull.id, ada.id);
    await build.assignment(org, slackPro.id, gone.id);
    await build.assignment(org, slackPro.id, (await build.person(org)).id, {
      unassignedAt: new Date(),
    });

    const all = (await client.get('/api/people?pageSize=2')).json();
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    expect(all.offboardedWithLicenses).toBe(1);
    const page2 = (await client.get('/api/people?pageSize=2&page=2')).json();
    expect(page2.items).toHaveLength(2);

    const found = (await client.get('/api/people?q=lovel')).json();
    expect(found.items.map((p: { email: string }) => p.email)).toEqual(['ada@ex.com']);
    const person = found.items[0];
    expect(person.licenses.map((l: { subscriptionName: string }) => l.subscriptionName)).toEqual([
      'Figma',
      'Slack',
    ]);
    expect(person.licenses[1]).toMatchObject({
      tierName: 'Pro',
      active: true,
      yearlyCostMinor: 10_500,
      currency: 'USD',
    });
    expect(person.licenses[0]).toMatchObject({ active: false, lastActiveAt: null, yearlyCostMinor: 15_000 });
    expect(person.yearlyCosts).toEqual([
      { currency: 'EUR', amountMinor: 15_000 },
      { currency: 'USD', amountMinor: 10_500 },
    ]);

    const sales = (await client.get('/api/people?department=sales')).json();
    expect(sales.items.map((p: { email: string }) => p.email).sort()).toEqual(['bob@ex.com', 'carl@ex.com']);
    const activeSales = (await client.get('/api/people?department=Sales&status=active')).json();
    expect(activeSales.items.map((p: { email: string }) => p.email)).toEqual(['bob@ex.com']);
    expect((await client.get('/api/people?q=executive')).json().total).toBe(1);
    expect((await client.get('/api/people?q=%25')).json().total).toBe(0);
    expect((await client.get('/api/people?status=gone')).statusCode).toBe(400);
    expect((await client.get('/api/people?pageSize=1000')).statusCode).toBe(400);

    const departments = (await client.get('/api/people/departments')).json();
    expect(departments.map((d: { name: string; count: number }) => [d.name, d.count])).toEqual([
      ['Engineering', 2],
      ['Sales', 1],
    ]);
  });
});

describe('people tenancy and roles', () => {
  it("answers 404 for another organization's person on every route and changes nothing", async () => {
    const a = await starterOrg();
    const b = await starterOrg();
    const theirs = await build.person(b.owner.orgId);
    for (const response of [
      await a.client.get(`/api/people/${theirs.id}`),
      await a.client.patch(`/api/people/${theirs.id}`, { title: 'Hacked' }),
      await a.client.delete(`/api/people/${theirs.id}`),
      await a.client.get(`/api/people/${theirs.id}/offboarding`),
      await a.client.post(`/api/people/${theirs.id}/offboard`, {}),
      await a.client.post(`/api/people/${theirs.id}/reactivate`),
      await a.client.post('/api/people/offboard-candidates/confirm', { personIds: [theirs.id] }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const own = await build.person(a.owner.orgId);
    expect((await a.client.patch(`/api/people/${own.id}`, { managerId: theirs.id })).statusCode).toBe(404);
    expect((await a.client.get('/api/people')).json().items.map((p: { id: string }) => p.id)).toEqual([
      own.id,
    ]);
    const [row] = await db().select().from(people).where(eq(people.id, theirs.id));
    expect(row).toMatchObject({ title: null, status: 'active' });
  });

  it('lets viewers read but not write; members and admins write', async () => {
    const { owner } = await starterOrg();
    const viewer = api(server.app, (await build.member(owner.orgId, 'viewer')).cookie);
    const member = api(server.app, (await build.member(owner.orgId, 'member')).cookie);
    const admin = api(server.app, (await build.member(owner.orgId, 'admin')).cookie);
    expect((await viewer.get('/api/people')).statusCode).toBe(200);
    const denied = await viewer.post('/api/people', { email: 'v@example.com' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('forbidden');
    const p = await build.person(owner.orgId);
    expect((await viewer.post(`/api/people/${p.id}/offboard`, {})).statusCode).toBe(403);
    expect((await viewer.post('/api/people/import/preview', { csv: 'email\na@b.co' })).statusCode).toBe(403);
    expect((await member.post('/api/people', { email: 'm@example.com' })).statusCode).toBe(201);
    expect((await admin.post('/api/people', { email: 'a@example.com' })).statusCode).toBe(201);
    expect((await api(server.app, 'sw_session=nope').get('/api/people')).statusCode).toBe(401);
  });
});
