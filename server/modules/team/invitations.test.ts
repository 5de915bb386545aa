import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, organizations } from '../../db/schema';
import { DAY_MS, fixedClock } from '../../lib/clock';
import {
  JSON_HEADERS,
  api,
  buildOrgOwner,
  inviteTokenFromOutbox,
  registerUser,
  sessionCookie,
  setPlan,
  tokenFromText,
  uniqueEmail,
} from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-02T09:00:00Z');
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const db = () => server.app.deps.db;

async function growthOwner() {
  const owner = await buildOrgOwner(server.app, { orgName: 'Acme Robotics' });
  await setPlan(db(), owner.orgId, 'pro');
  return owner;
}

async function invite(cookie: string, body: Record<string, unknown>) {
  return api(server.app, cookie).post('/api/organization/invitations', body);
}

const anonymousAccept = (token: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: JSON_HEADERS,
    payload: { token },
  });

describe('invite → e-mail over SMTP → accept', () => {
  it('lets a signed-in user with the invited address join, once', async () => {
    const owner = await growthOwner();
    const invitee = await buildOrgOwner(server.app, { orgName: 'Invitee Home' });

    const created = await invite(owner.cookie, {
      email: invitee.email.toUpperCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: invitee.email.toUpperCase(),
      firstName: 'Grace',
      role: 'admin',
      status: 'pending',
      invitedBy: { id: owner.id, name: 'Ada Lovelace', email: owner.email },
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      // E-mail works: the link goes only to the invitee's mailbox.
      emailConfigured: true,
      inviteUrl: null,
    });

    const mail = await smtp.waitFor(invitee.email);
    expect(mail.subject).toBe('Ada Lovelace invited you to join Acme Robotics on Stackwise');
    expect(mail.text).toContain('http://localhost:3000/invite/accept?token=');
    expect(mail.text).toContain('expires in 7 days');
    const token = tokenFromText(mail.text ?? '');

    const preview = await server.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      organizationName: 'Acme Robotics',
      inviterName: 'Ada Lovelace',
      role: 'admin',
      firstName: 'Grace',
      hasAccount: true,
    });

    clock.advance(60_000);
    const client = api(server.app, invitee.cookie);
    const accepted = await client.post('/api/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      organizationId: owner.orgId,
      organizationName: 'Acme Robotics',
      role: 'admin',
    });

    // The session now acts in the new organization; the old one stays listed second.
    const current = await client.get('/api/organization');
    expect(current.json()).toMatchObject({ id: owner.orgId, role: 'admin' });
    const orgs = (await client.get('/api/organizations')).json() as Array<{ name: string }>;
    expect(orgs.map((o) => o.name)).toEqual(['Acme Robotics', 'Invitee Home']);

    const members = (await api(server.app, owner.cookie).get('/api/organization/members')).json();
    expect(members).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'owner' }),
      expect.objectContaining({ userId: invitee.id, email: invitee.email, role: 'admin' }),
    ]);
    expect((await api(server.app, owner.cookie).get('/api/organization/invitations')).json()).toEqual([]);

    const reused = await client.post('/api/invitations/accept', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'invalid_token',
      message: expect.stringContaining('already been used'),
    });
    const org = (await api(server.app, owner.cookie).get('/api/organization')).json();
    expect(org.setupProgress.inviteTeam).toBe(true);

    const audit = await db().select().from(auditEvents).where(eq(auditEvents.organizationId, owner.orgId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['team.invite', 'team.invitation_accept']),
    );
  });

  it('leads a new person through registration with the invited address, then joins them', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('newcomer');
    expect(
      (await invite(owner.cookie, { email, firstName: '', lastName: '', role: 'member' })).statusCode,
    ).toBe(201);
    const token = tokenFromText((await smtp.waitFor(email)).text ?? '');

    const preview = await server.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.json()).toMatchObject({ email, hasAccount: false, role: 'member' });

    const signedOut = await anonymousAccept(token);
    expect(signedOut.statusCode).toBe(401);

    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: JSON_HEADERS,
      payload: { email, password: 'correct-horse-battery-staple', firstName: 'Linus', lastName: 'Pauling' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().onboardingPhase).toBe('profile');
    const client = api(server.app, sessionCookie(registered));

    const accepted = await client.post('/api/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    // Their workspace is the inviter's: onboarding is done, they land in the organization.
    expect((await client.get('/api/auth/user')).json().onboardingPhase).toBe('completed');
    expect((await client.get('/api/organization')).json()).toMatchObject({ id: owner.orgId, role: 'member' });
    const members = (await api(server.app, owner.cookie).get('/api/organization/members')).json();
    expect(members).toContainEqual(
      expect.objectContaining({ email, firstName: 'Linus', lastName: 'Pauling', role: 'member' }),
    );
  });

  it('refuses a user signed in with another address, and changes nothing', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('intended');
    await invite(owner.cookie, { email });
    const token = await inviteTokenFromOutbox(db(), email);
    const stranger = await buildOrgOwner(server.app);

    const response = await api(server.app, stranger.cookie).post('/api/invitations/accept', { token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining(`This invitation was sent to ${email}`),
    });
    expect((await api(server.app, owner.cookie).get('/api/organization/members')).json()).toHaveLength(1);
    // The rightful invitee can still use it.
    const invitee = await registerUser(server.app, { email });
    expect(
      (await api(server.app, invitee.cookie).post('/api/invitations/accept', { token })).statusCode,
    ).toBe(200);
  });
});

describe('invitation rules', () => {
  it('answers 409 for an existing member or an address already invited (any case)', async () => {
    const owner = await growthOwner();
    const self = await invite(owner.cookie, { email: owner.email });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      code: 'conflict',
      message: `${owner.email} is already a member of this organization.`,
    });

    const email = uniqueEmail('twice');
    expect((await invite(owner.cookie, { email })).statusCode).toBe(201);
    const again = await invite(owner.cookie, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('has already been invited');
    expect((await api(server.app, owner.cookie).get('/api/organization/invitations')).json()).toHaveLength(1);
  });

  it('validates the payload with the dialog messages and stores nothing', async () => {
    const owner = await growthOwner();
    const blank = await invite(owner.cookie, { email: '   ', role: 'member' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ field: 'email', message: 'Please enter an email address' }]);
    const invalid = await invite(owner.cookie, { email: 'jane doe@example.com' });
    expect(invalid.json().fields).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    const owners = await invite(owner.cookie, { email: uniqueEmail(), role: 'owner' });
    expect(owners.statusCode).toBe(400);
    expect(owners.json().fields[0].field).toBe('role');
    const rows = await db().select().from(invitations).where(eq(invitations.organizationId, owner.orgId));
    expect(rows).toEqual([]);
    const org = (await api(server.app, owner.cookie).get('/api/organization')).json();
    expect(org.setupProgress.inviteTeam).toBeUndefined();
  });

  it('stops a revoked link from working', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('revoked');
    const created = (await invite(owner.cookie, { email })).json();
    const token = await inviteTokenFromOutbox(db(), email);
    const ownerApi = api(server.app, owner.cookie);

    expect((await ownerApi.delete(`/api/organization/invitations/${created.id}`)).statusCode).toBe(204);
    expect((await ownerApi.get('/api/organization/invitations')).json()).toEqual([]);
    expect((await ownerApi.delete(`/api/organization/invitations/${created.id}`)).statusCode).toBe(404);

    const preview = await server.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toContain('withdrawn');
    const invitee = await registerUser(server.app, { email });
    const accept = await api(server.app, invitee.cookie).post('/api/invitations/accept', { token });
    expect(accept.statusCode).toBe(400);
    expect((await ownerApi.get('/api/organization/members')).json()).toHaveLength(1);
  });

  it('expires links after 7 days; resend issues a new link and a new expiry', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('late');
    const created = (await invite(owner.cookie, { email })).json();
    const oldToken = await inviteTokenFromOutbox(db(), email);
    const ownerApi = api(server.app, owner.cookie);
    const invitee = await registerUser(server.app, { email });

    clock.advance(7 * DAY_MS);
    const expired = await server.app.inject({ method: 'GET', url: `/api/invitations/${oldToken}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('expired');
    expect(
      (await api(server.app, invitee.cookie).post('/api/invitations/accept', { token: oldToken })).statusCode,
    ).toBe(400);
    expect((await ownerApi.get('/api/organization/invitations')).json()).toEqual([
      expect.objectContaining({ id: created.id, status: 'expired' }),
    ]);

    const resent = await ownerApi.post(`/api/organization/invitations/${created.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      emailConfigured: true,
      inviteUrl: null,
      status: 'pending',
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const newToken = await inviteTokenFromOutbox(db(), email);
    expect(newToken).not.toBe(oldToken);
    expect((await server.app.inject({ method: 'GET', url: `/api/invitations/${oldToken}` })).statusCode).toBe(
      404,
    );
    expect(
      (await api(server.app, invitee.cookie).post('/api/invitations/accept', { token: newToken })).statusCode,
    ).toBe(200);
    expect((await ownerApi.post(`/api/organization/invitations/${created.id}/resend`)).statusCode).toBe(409);
  });

  it('lets an expired invitation be replaced by a new one', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('again');
    await invite(owner.cookie, { email });
    clock.advance(8 * DAY_MS);
    const second = await invite(owner.cookie, { email, role: 'viewer' });
    expect(second.statusCode).toBe(201);
    const list = (await api(server.app, owner.cookie).get('/api/organization/invitations')).json();
    expect(list).toEqual([expect.objectContaining({ role: 'viewer', status: 'pending' })]);
  });

  it('answers 404 for unknown links and 400 for malformed ids', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/invitations/not-a-real-token-at-all',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('not valid');
    const owner = await growthOwner();
    expect((await api(server.app, owner.cookie).delete('/api/organization/invitations/abc')).statusCode).toBe(
      400,
    );
  });

  it("keeps other organizations' invitations out of reach (404)", async () => {
    const owner = await growthOwner();
    const other = await growthOwner();
    const theirs = (await invite(other.cookie, { email: uniqueEmail() })).json();
    const ownerApi = api(server.app, owner.cookie);
    expect((await ownerApi.post(`/api/organization/invitations/${theirs.id}/resend`)).statusCode).toBe(404);
    expect((await ownerApi.delete(`/api/organization/invitations/${theirs.id}`)).statusCode).toBe(404);
    expect((await ownerApi.get('/api/organization/invitations')).json()).toEqual([]);
    const [row] = await db().select().from(invitations).where(eq(invitations.id, theirs.id));
    expect(row.revokedAt).toBeNull();
  });
});

describe('seat limits (members + pending invitations)', () => {
  it('blocks the first invitation on Starter (1 user) with plan_limit', async () => {
    const owner = await buildOrgOwner(server.app);
    const response = await invite(owner.cookie, { email: uniqueEmail() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'plan_limit',
      kind: 'users',
      limit: 1,
      plan: 'starter',
      requiredPlan: 'pro',
    });
    expect(response.json().message).toBe(
      'The Starter plan allows up to 1 team member, counting pending invitations. Upgrade to Growth to add more team members.',
    );
    const org = (await api(server.app, owner.cookie).get('/api/organization')).json();
    expect(org.setupProgress.inviteTeam).toBeUndefined();
  });

  it('allows 5 users on Growth, frees a seat when an invitation is revoked, counts accepted members', async () => {
    const owner = await growthOwner();
    const emails = [1, 2, 3, 4].map(() => uniqueEmail('seat'));
    for (const email of emails) expect((await invite(owner.cookie, { email })).statusCode).toBe(201);
    const fifth = await invite(owner.cookie, { email: uniqueEmail() });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({
      code: 'plan_limit',
      kind: 'users',
      limit: 5,
      requiredPlan: 'scale',
    });

    const ownerApi = api(server.app, owner.cookie);
    const pending = (await ownerApi.get('/api/organization/invitations')).json() as Array<{
      id: string;
      email: string;
    }>;
    await ownerApi.delete(`/api/organization/invitations/${pending[0].id}`);
    expect((await invite(owner.cookie, { email: uniqueEmail() })).statusCode).toBe(201);

    // An accepted invitation still holds its seat, as a member now.
    const joiner = await registerUser(server.app, { email: emails[1] });
    const token = await inviteTokenFromOutbox(db(), emails[1]);
    expect((await api(server.app, joiner.cookie).post('/api/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    expect((await invite(owner.cookie, { email: uniqueEmail() })).statusCode).toBe(403);

    // Expired invitations free their seats.
    clock.advance(7 * DAY_MS);
    expect((await invite(owner.cookie, { email: uniqueEmail() })).statusCode).toBe(201);
  });

  it('counts the trial plan as the effective plan, and Scale as unlimited', async () => {
    const trial = await buildOrgOwner(server.app);
    await db()
      .update(organizations)
      .set({
        accountStatus: 'trial',
        trialPlan: 'pro',
        trialEndsAt: new Date(clock.now().getTime() + 14 * DAY_MS),
      })
      .where(eq(organizations.id, trial.orgId));
    expect((await invite(trial.cookie, { email: uniqueEmail() })).statusCode).toBe(201);

    const scale = await buildOrgOwner(server.app);
    await setPlan(db(), scale.orgId, 'scale');
    for (let i = 0; i < 6; i++)
      expect((await invite(scale.cookie, { email: uniqueEmail() })).statusCode).toBe(201);
  });

  it('refuses to accept when the organization has no seat left (downgraded meanwhile)', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('squeezed');
    await invite(owner.cookie, { email });
    const token = await inviteTokenFromOutbox(db(), email);
    await setPlan(db(), owner.orgId, 'starter');
    const invitee = await registerUser(server.app, { email });
    const response = await api(server.app, invitee.cookie).post('/api/invitations/accept', { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('plan_limit');
    // Nothing was used up: after an upgrade the same link works.
    await setPlan(db(), owner.orgId, 'pro');
    expect(
      (await api(server.app, invitee.cookie).post('/api/invitations/accept', { token })).statusCode,
    ).toBe(200);
  });
});
