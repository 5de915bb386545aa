import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  memberships,
  outbox,
  ssoConnections,
  ssoDomains,
  ssoLoginStates,
  users as usersTable,
} from '../../db/schema';
import { addMember, api, buildOrgOwner, JSON_HEADERS, setPlan, STRONG_PASSWORD } from '../../test/factories';
import { startDnsServer } from '../../test/dns-server';
import { startOidcProvider } from '../../test/oidc-provider';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/oidc/callback';

beforeAll(async () => {
  dns = await startDnsServer();
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
  // The provider listens on loopback: the SSRF guard lets it through only with this allowance.
  server = await getTestServer({ env: { DNS_SERVERS: dns.address, WEBHOOK_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await server.close();
  await idp.close();
  await dns.close();
});

const db = () => server.database.db;
const newDomain = () => `corp-${randomBytes(4).toString('hex')}.test`;

const oidcSettings = () => ({
  protocol: 'oidc',
  enabled: true,
  enforced: false,
  oidcIssuer: idp.issuer,
  oidcClientId: idp.clientId,
  oidcClientSecret: idp.clientSecret,
  defaultRole: 'viewer',
  groupsClaim: 'groups',
  roleMappings: [{ group: 'finance', role: 'admin' }],
});

/** A Scale organization that added and verified a domain through the API, with OIDC enabled. */
async function ssoOrg() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(db(), owner.orgId, 'scale');
  const client = api(server.app, owner.cookie);
  const domain = newDomain();
  const added = await client.post('/api/sso/domains', { domain });
  expect(added.statusCode).toBe(201);
  dns.setTxt(added.json().txtRecord.name, [added.json().txtRecord.value]);
  const verified = await client.post(`/api/sso/domains/${added.json().id}/verify`);
  expect(verified.json()).toMatchObject({ verified: true });
  const saved = await client.put('/api/sso', oidcSettings());
  expect(saved.statusCode).toBe(200);
  return { owner, client, domain };
}

const start = (email: string, returnTo?: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/auth/sso/start?email=${encodeURIComponent(email)}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  });

const callback = (url: string) => server.app.inject({ method: 'GET', url: url.slice(url.indexOf('/api/')) });

/** start → the provider's sign-in → our callback's answer. */
async function signInAt(email: string, returnTo?: string) {
  const started = await start(email, returnTo);
  expect(started.statusCode).toBe(302);
  const back = await idp.signIn(started.headers.location as string, email);
  return { back, response: await callback(back) };
}

describe('OIDC sign-in against a real provider', () => {
  it('signs a new user in with the mapped role and lands in the organization', async () => {
    const { owner, domain } = await ssoOrg();
    const email = `grace@${domain}`;
    idp.addAccount({ email, givenName: 'Grace', familyName: 'Hopper', groups: ['Finance'] });
    const started = await start(email, '/app/renewals');
    const authorize = new URL(started.headers.location as string);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile groups');
    const back = await idp.signIn(authorize.href, email);
    const response = await callback(back);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app/renewals');
    const cookie = String(response.headers['set-cookie']).split(';')[0];
    const me = await api(server.app, cookie).get('/api/auth/user');
    expect(me.json()).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper' });
    const org = await api(server.app, cookie).get('/api/organization');
    expect(org.json().id).toBe(owner.orgId);
    const [member] = await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.orgId), eq(memberships.userId, me.json().id)));
    expect(member.role).toBe('admin');
    // The state was used: the same answer again is refused.
    const replay = await callback(back);
    expect(replay.headers.location).toBe('/auth/login?sso_error=sso_expired');
  });

  it('refuses an unknown state', async () => {
    const response = await callback('/api/auth/sso/oidc/callback?code=abc&state=not-ours');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/login?sso_error=sso_expired');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { domain } = await ssoOrg();
    const email = `nonce@${domain}`;
    idp.addAccount({ email });
    const started = await start(email);
    await db().update(ssoLoginStates).set({ nonce: 'another-nonce' });
    const back = await idp.signIn(started.headers.location as string, email);
    const response = await callback(back);
    expect(response.headers.location).toBe('/auth/login?sso_error=sso_failed');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an address outside the verified domains, and an address the provider has not verified', async () => {
    const { domain } = await ssoOrg();
    idp.addAccount({ login: `alias@${domain}`, email: 'alias@elsewhere.test' });
    const outside = await signInAt(`alias@${domain}`);
    expect(outside.response.headers.location).toBe('/auth/login?sso_error=sso_not_allowed');
    idp.addAccount({ email: `unverified@${domain}`, emailVerified: false });
    const unverified = await signInAt(`unverified@${domain}`);
    expect(unverified.response.headers.location).toBe('/auth/login?sso_error=sso_not_allowed');
    const users = await db()
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, `unverified@${domain}`));
    expect(users).toEqual([]);
  });

  it('refuses when the connection is disabled after the start', async () => {
    const { owner, domain } = await ssoOrg();
    const email = `late@${domain}`;
    idp.addAccount({ email });
    const started = await start(email);
    await db()
      .update(ssoConnections)
      .set({ enabled: false })
      .where(eq(ssoConnections.organizationId, owner.orgId));
    const back = await idp.signIn(started.headers.location as string, email);
    expect((await callback(back)).headers.location).toBe('/auth/login?sso_error=sso_not_allowed');
    expect((await start(email)).json().code).toBe('sso_not_configured');
  });
});

describe('settings', () => {
  it('keeps the client secret write-only and audits changes without its value', async () => {
    const { client, owner } = await ssoOrg();
    const got = await client.get('/api/sso');
    expect(got.json()).toMatchObject({
      configured: true,
      hasClientSecret: true,
      oidcIssuer: idp.issuer,
      serviceProvider: {
        oidcRedirectUri: REDIRECT_URI,
        samlAcsUrl: `http://localhost:3000/api/auth/sso/saml/${owner.orgId}/acs`,
      },
    });
    expect(JSON.stringify(got.json())).not.toContain(idp.clientSecret);
    // Sealed at rest (envelope encryption), never stored in plain text.
    const [stored] = await db()
      .select({ secret: ssoConnections.oidcClientSecret })
      .from(ssoConnections)
      .where(eq(ssoConnections.organizationId, owner.orgId));
    expect(stored.secret).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(stored.secret).not.toContain(idp.clientSecret);
    const resaved = await client.put('/api/sso', {
      ...oidcSettings(),
      oidcClientSecret: undefined,
      defaultRole: 'member',
    });
    expect(resaved.json()).toMatchObject({ hasClientSecret: true, defaultRole: 'member' });
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, owner.orgId), eq(auditEvents.action, 'sso.update')));
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain(idp.clientSecret);
    expect(events.map((e) => e.changes)).toContainEqual({ defaultRole: { from: 'viewer', to: 'member' } });
  });

  it('refuses to enable an issuer without a discovery document, and enforcing without a verified domain', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    const bad = await client.put('/api/sso', { ...oidcSettings(), oidcIssuer: 'http://127.0.0.1:9/nothing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "The identity provider's discovery document could not be read at that address.",
    );
    const enforced = await client.put('/api/sso', { ...oidcSettings(), enforced: true });
    expect(enforced.statusCode).toBe(400);
    // Admin comes only through a group mapping, never as everyone's first role.
    const adminByDefault = await client.put('/api/sso', { ...oidcSettings(), defaultRole: 'admin' });
    expect(adminByDefault.statusCode).toBe(400);
    expect(enforced.json().fields).toEqual([{ field: 'enforced', message: expect.any(String) }]);
    expect((await client.get('/api/sso')).json().configured).toBe(false);
  });

  it('answers 403 plan_required on Growth', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    const response = await api(server.app, owner.cookie).get('/api/sso');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
  });
});

describe('domains', () => {
  it('verifies with the right TXT record only', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    const domain = newDomain();
    const added = (await client.post('/api/sso/domains', { domain: `${domain.toUpperCase()}.` })).json();
    expect(added).toMatchObject({
      domain,
      verified: false,
      txtRecord: {
        name: `_stackwise-verification.${domain}`,
        value: expect.stringMatching(/^stackwise-verification=/),
      },
    });
    const missing = (await client.post(`/api/sso/domains/${added.id}/verify`)).json();
    expect(missing).toMatchObject({
      verified: false,
      message: expect.stringContaining('No TXT record found'),
    });
    dns.setTxt(added.txtRecord.name, ['stackwise-verification=wrong']);
    const wrong = (await client.post(`/api/sso/domains/${added.id}/verify`)).json();
    expect(wrong).toMatchObject({ verified: false, message: expect.stringContaining('but not') });
    dns.setTxt(added.txtRecord.name, ['v=spf1 -all', added.txtRecord.value]);
    const right = (await client.post(`/api/sso/domains/${added.id}/verify`)).json();
    expect(right).toMatchObject({
      verified: true,
      domain: { verified: true, verifiedAt: expect.any(String) },
    });
  });

  it('refuses webmail, a domain verified by another organization, and another tenant’s ids', async () => {
    const { domain, client: first } = await ssoOrg();
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'scale');
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/sso/domains', { domain: 'gmail.com' })).statusCode).toBe(400);
    expect((await client.post('/api/sso/domains', { domain: 'not a domain' })).statusCode).toBe(400);
    expect((await client.post('/api/sso/domains', { domain })).statusCode).toBe(409);
    const [theirs] = (await first.get('/api/sso/domains')).json();
    expect((await client.post(`/api/sso/domains/${theirs.id}/verify`)).statusCode).toBe(404);
    expect((await client.delete(`/api/sso/domains/${theirs.id}`)).statusCode).toBe(404);
    const stored = await db().select().from(ssoDomains).where(eq(ssoDomains.id, theirs.id));
    expect(stored).toHaveLength(1);
    expect((await client.get('/api/sso/domains')).json()).toEqual([]);
  });

  it('deletes a domain', async () => {
    const { client } = await ssoOrg();
    const [domain] = (await client.get('/api/sso/domains')).json();
    expect((await client.delete(`/api/sso/domains/${domain.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/sso/domains')).json()).toEqual([]);
  });
});

describe('enforcement', () => {
  it('refuses password login to members of the domain, lets owners in (audited)', async () => {
    const { owner, client, domain } = await ssoOrg();
    const saved = await client.put('/api/sso', { ...oidcSettings(), enforced: true });
    expect(saved.statusCode).toBe(200);
    const member = await addMember(server.app, db(), owner.orgId, 'member');
    // The member's address is on the enforced domain.
    const email = `member-${randomBytes(3).toString('hex')}@${domain}`;
    await db().update(usersTable).set({ email }).where(eq(usersTable.id, member.id));
    const login = (address: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: JSON_HEADERS,
        payload: { email: address, password: STRONG_PASSWORD },
      });
    const refused = await login(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'sso_required',
      message: 'Your organization requires single sign-on. Use Continue with SSO.',
    });
    const ownerEmail = `owner-${randomBytes(3).toString('hex')}@${domain}`;
    await db().update(usersTable).set({ email: ownerEmail }).where(eq(usersTable.id, owner.id));
    expect((await login(ownerEmail)).statusCode).toBe(200);
    const [breakGlass] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, owner.id), eq(auditEvents.action, 'auth.break_glass_login')));
    expect(breakGlass.organizationId).toBe(owner.orgId);
    // No reset link for a password the member could not use; the owner still gets one.
    for (const address of [email, ownerEmail]) {
      const forgot = await server.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: JSON_HEADERS,
        payload: { email: address },
      });
      expect(forgot.statusCode).toBe(202);
    }
    expect(await db().select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.to, ownerEmail))).toHaveLength(1);
  });
});
