import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, memberships, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { addMemberWithSession, api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const HOUR_MS = 60 * 60 * 1000;
const clock = fixedClock('2026-05-04T08:00:00Z');
const server = useTestServer({ clock });

const db = () => server.app.deps.db;

async function growthOrg() {
  const owner = await buildOrgOwner(server.app, { orgName: 'Umbrella' });
  await setPlan(db(), owner.orgId, 'pro');
  return owner;
}

describe('GET /api/organization/members', () => {
  it('lists everyone with role, joined date and last activity', async () => {
    const owner = await growthOrg();
    clock.advance(HOUR_MS);
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    const response = await api(server.app, member.cookie).get('/api/organization/members');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        userId: owner.id,
        email: owner.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'owner',
        joinedAt: expect.any(String),
        lastActiveAt: expect.any(String),
      },
      expect.objectContaining({ userId: member.id, role: 'member', lastActiveAt: clock.now().toISOString() }),
    ]);
  });

  it('stamps lastActiveAt at most once an hour', async () => {
    const owner = await growthOrg();
    const client = api(server.app, owner.cookie);
    const lastActive = async () =>
      (await db().select().from(users).where(eq(users.id, owner.id)))[0].lastActiveAt?.toISOString();

    clock.advance(2 * HOUR_MS);
    const t0 = clock.now().toISOString();
    await client.get('/api/organization');
    expect(await lastActive()).toBe(t0);
    clock.advance(30 * 60 * 1000);
    await client.get('/api/organization');
    expect(await lastActive()).toBe(t0);
    clock.advance(31 * 60 * 1000);
    await client.get('/api/auth/user');
    expect(await lastActive()).toBe(clock.now().toISOString());
  });
});

describe('changing roles', () => {
  it('lets an admin change members but not owners, and only owners make owners', async () => {
    const owner = await growthOrg();
    const admin = await addMemberWithSession(db(), owner.orgId, 'admin');
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    const adminApi = api(server.app, admin.cookie);

    const toViewer = await adminApi.patch(`/api/organization/members/${member.id}`, { role: 'viewer' });
    expect(toViewer.statusCode).toBe(200);
    expect(toViewer.json()).toMatchObject({ userId: member.id, role: 'viewer' });

    const promote = await adminApi.patch(`/api/organization/members/${member.id}`, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toContain('Only an owner');
    const demoteOwner = await adminApi.patch(`/api/organization/members/${owner.id}`, { role: 'member' });
    expect(demoteOwner.statusCode).toBe(403);
    const removeOwner = await adminApi.delete(`/api/organization/members/${owner.id}`);
    expect(removeOwner.statusCode).toBe(403);

    const ownerApi = api(server.app, owner.cookie);
    expect(
      (await ownerApi.patch(`/api/organization/members/${member.id}`, { role: 'owner' })).statusCode,
    ).toBe(200);
    const bad = await ownerApi.patch(`/api/organization/members/${member.id}`, { role: 'boss' });
    expect(bad.statusCode).toBe(400);

    const roles = await db().select().from(memberships).where(eq(memberships.organizationId, owner.orgId));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.id]: 'owner',
      [admin.id]: 'admin',
      [member.id]: 'owner',
    });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'team.member_role_change'));
    expect(audit.filter((a) => a.organizationId === owner.orgId)).toHaveLength(2);
  });

  it('never leaves an organization without an owner', async () => {
    const owner = await growthOrg();
    const ownerApi = api(server.app, owner.cookie);
    const demote = await ownerApi.patch(`/api/organization/members/${owner.id}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('at least one owner'),
    });
    const remove = await ownerApi.delete(`/api/organization/members/${owner.id}`);
    expect(remove.statusCode).toBe(409);

    // With a second owner, either may step down.
    const second = await addMemberWithSession(db(), owner.orgId, 'owner');
    expect(
      (await ownerApi.patch(`/api/organization/members/${owner.id}`, { role: 'admin' })).statusCode,
    ).toBe(200);
    const secondApi = api(server.app, second.cookie);
    expect((await secondApi.delete(`/api/organization/members/${second.id}`)).statusCode).toBe(409);
    expect((await secondApi.delete(`/api/organization/members/${owner.id}`)).statusCode).toBe(204);
  });

  it('needs the team feature (Growth) to change roles, but removing works on every plan', async () => {
    const owner = await buildOrgOwner(server.app);
    const extra = await addMemberWithSession(db(), owner.orgId, 'member');
    const ownerApi = api(server.app, owner.cookie);
    const change = await ownerApi.patch(`/api/organization/members/${extra.id}`, { role: 'admin' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    expect((await ownerApi.delete(`/api/organization/members/${extra.id}`)).statusCode).toBe(204);
  });
});

describe('removing members', () => {
  it('ends their access on their very next request', async () => {
    const owner = await growthOrg();
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    const memberApi = api(server.app, member.cookie);
    expect((await memberApi.get('/api/organization')).statusCode).toBe(200);

    expect(
      (await api(server.app, owner.cookie).delete(`/api/organization/members/${member.id}`)).statusCode,
    ).toBe(204);
    const after = await memberApi.get('/api/organization/members');
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('onboarding_required');
    expect((await memberApi.get('/api/organizations')).json()).toEqual([]);
    const members = (await api(server.app, owner.cookie).get('/api/organization/members')).json();
    expect(members.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
  });

  it('falls back to their other organization when they belong to several', async () => {
    const owner = await growthOrg();
    const elsewhere = await buildOrgOwner(server.app, { orgName: 'Their Own' });
    await db()
      .insert(memberships)
      .values({ organizationId: owner.orgId, userId: elsewhere.id, role: 'member' });
    const theirApi = api(server.app, elsewhere.cookie);
    await theirApi.post('/api/organizations/switch', { organizationId: owner.orgId });
    expect((await theirApi.get('/api/organization')).json().id).toBe(owner.orgId);

    await api(server.app, owner.cookie).delete(`/api/organization/members/${elsewhere.id}`);
    expect((await theirApi.get('/api/organization')).json()).toMatchObject({
      name: 'Their Own',
      role: 'owner',
    });
  });
});

describe('ownership transfer', () => {
  it('makes the chosen member owner and the previous owner an admin', async () => {
    const owner = await growthOrg();
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    const ownerApi = api(server.app, owner.cookie);

    expect(
      (await ownerApi.post('/api/organization/transfer-ownership', { userId: owner.id })).statusCode,
    ).toBe(400);
    expect(
      (await ownerApi.post('/api/organization/transfer-ownership', { userId: randomUUID() })).statusCode,
    ).toBe(404);

    const response = await ownerApi.post('/api/organization/transfer-ownership', { userId: member.id });
    expect(response.statusCode).toBe(200);
    const roles = Object.fromEntries(
      (response.json() as Array<{ userId: string; role: string }>).map((m) => [m.userId, m.role]),
    );
    expect(roles).toEqual({ [owner.id]: 'admin', [member.id]: 'owner' });
    // The former owner is an admin now: billing and ownership are out of reach.
    expect(
      (await ownerApi.post('/api/organization/transfer-ownership', { userId: member.id })).statusCode,
    ).toBe(403);
    expect((await ownerApi.patch('/api/organization', { autoRenewTrial: true })).statusCode).toBe(403);
    expect((await ownerApi.patch('/api/organization', { name: 'Still editable' })).statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another organization's members", async () => {
    const owner = await growthOrg();
    const other = await growthOrg();
    const theirs = await addMemberWithSession(db(), other.orgId, 'member');
    const ownerApi = api(server.app, owner.cookie);
    expect(
      (await ownerApi.patch(`/api/organization/members/${theirs.id}`, { role: 'viewer' })).statusCode,
    ).toBe(404);
    expect((await ownerApi.delete(`/api/organization/members/${theirs.id}`)).statusCode).toBe(404);
    expect((await ownerApi.delete(`/api/organization/members/${other.id}`)).statusCode).toBe(404);
    expect(
      (await ownerApi.post('/api/organization/transfer-ownership', { userId: theirs.id })).statusCode,
    ).toBe(404);
    const [row] = await db().select().from(memberships).where(eq(memberships.userId, theirs.id));
    expect(row).toMatchObject({ organizationId: other.orgId, role: 'member' });
  });
});

describe('switching organizations', () => {
  it('stores the current organization per session', async () => {
    const first = await buildOrgOwner(server.app, { orgName: 'First Co' });
    const second = await growthOrg();
    await db().insert(memberships).values({ organizationId: second.orgId, userId: first.id, role: 'viewer' });
    const client = api(server.app, first.cookie);

    const before = (await client.get('/api/organizations')).json() as Array<{ id: string }>;
    expect(before.map((o) => o.id)).toEqual([first.orgId, second.orgId]);

    const switched = await client.post('/api/organizations/switch', { organizationId: second.orgId });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: second.orgId, name: 'Umbrella', role: 'viewer' });
    expect((await client.get('/api/organization')).json()).toMatchObject({
      id: second.orgId,
      role: 'viewer',
    });
    const after = (await client.get('/api/organizations')).json() as Array<{ id: string }>;
    expect(after.map((o) => o.id)).toEqual([second.orgId, first.orgId]);
    // The role follows the organization: a viewer there cannot rename it.
    expect((await client.patch('/api/organization', { name: 'Nope' })).statusCode).toBe(403);

    const stranger = await buildOrgOwner(server.app);
    const notMine = await client.post('/api/organizations/switch', { organizationId: stranger.orgId });
    expect(notMine.statusCode).toBe(404);
    expect(
      (await client.post('/api/organizations/switch', { organizationId: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await client.post('/api/organizations/switch', { organizationId: 'nope' })).statusCode).toBe(400);
    expect((await client.get('/api/organization')).json().id).toBe(second.orgId);
  });
});
