import { describe, expect, it } from 'vitest';
import {
  addMemberWithSession,
  api,
  buildOrgOwner,
  inviteTokenFromOutbox,
  registerUser,
  setPlan,
  tokenFromText,
  uniqueEmail,
} from '../../test/factories';
import { useTestServer } from '../../test/test-server';

// No SMTP_URL: e-mail only reaches the server log, so the person who invites gets the link.
const server = useTestServer();

async function growthOwner() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.app.deps.db, owner.orgId, 'pro');
  return owner;
}

describe('invitations without e-mail configured', () => {
  it('answers that e-mail is not configured, with the working link, to the owner who invited', async () => {
    const owner = await growthOwner();
    const email = uniqueEmail('no-smtp');
    const created = await api(server.app, owner.cookie).post('/api/organization/invitations', { email });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ email, status: 'pending', emailConfigured: false });
    expect(body.inviteUrl).toMatch(/^http:\/\/localhost:3000\/invite\/accept\?token=/);
    // The link answered is the one in the (logged) e-mail, and it lets the invitee join.
    const token = tokenFromText(body.inviteUrl);
    expect(token).toBe(await inviteTokenFromOutbox(server.app.deps.db, email));
    const invitee = await registerUser(server.app, { email });
    expect(
      (await api(server.app, invitee.cookie).post('/api/invitations/accept', { token })).statusCode,
    ).toBe(200);
  });

  it('gives an admin a fresh link on resend, and never lists links to anyone', async () => {
    const owner = await growthOwner();
    const admin = await addMemberWithSession(server.app.deps.db, owner.orgId, 'admin');
    const adminApi = api(server.app, admin.cookie);
    const created = (await adminApi.post('/api/organization/invitations', { email: uniqueEmail() })).json();
    const resent = await adminApi.post(`/api/organization/invitations/${created.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      emailConfigured: false,
      inviteUrl: expect.stringContaining('token='),
    });
    expect(resent.json().inviteUrl).not.toBe(created.inviteUrl);

    for (const role of ['owner', 'member'] as const) {
      const viewerOfList =
        role === 'owner' ? owner : await addMemberWithSession(server.app.deps.db, owner.orgId, role);
      const list = await api(server.app, viewerOfList.cookie).get('/api/organization/invitations');
      expect(list.statusCode).toBe(200);
      expect(JSON.stringify(list.json())).not.toContain('token=');
    }
  });

  it('refuses members, who may not invite, without creating a link', async () => {
    const owner = await growthOwner();
    const member = await addMemberWithSession(server.app.deps.db, owner.orgId, 'member');
    const refused = await api(server.app, member.cookie).post('/api/organization/invitations', {
      email: uniqueEmail(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('token=');
  });
});
