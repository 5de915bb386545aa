import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, memberships, ssoConnections, ssoDomains, users } from '../../db/schema';
import { api, buildOrgOwner, JSON_HEADERS, setPlan } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { consumeLoginState, createLoginState } from './login-states.repo';
import { completeSsoSignIn } from './sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(async () => server.close());

const client = { ip: '127.0.0.1', userAgent: 'vitest' };
const newDomain = () => `corp-${randomBytes(4).toString('hex')}.test`;

/** A Scale organization with an enabled OIDC connection and one verified domain. */
async function ssoOrg(
  options: {
    enabled?: boolean;
    roleMappings?: { group: string; role: 'admin' | 'member' | 'viewer' }[];
  } = {},
) {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'scale');
  const domain = newDomain();
  await server.database.db.insert(ssoConnections).values({
    organizationId: owner.orgId,
    protocol: 'oidc',
    enabled: options.enabled ?? true,
    oidcIssuer: 'https://idp.example.com',
    oidcClientId: 'client',
    defaultRole: 'viewer',
    groupsClaim: 'groups',
    roleMappings: options.roleMappings ?? [{ group: 'Finance', role: 'admin' }],
  });
  await server.database.db
    .insert(ssoDomains)
    .values({ organizationId: owner.orgId, domain, verificationToken: 't', verifiedAt: new Date() });
  return { owner, domain };
}

const signIn = (orgId: string, email: string, groups?: string[]) =>
  completeSsoSignIn(
    server.app.deps,
    { orgId, protocol: 'oidc', email, firstName: 'Jo', lastName: 'Doe', groups },
    client,
  );

describe('completeSsoSignIn', () => {
  it('creates the user and membership with the mapped role, in a session of that organization', async () => {
    const { owner, domain } = await ssoOrg();
    const email = `jo@${domain}`;
    const result = await signIn(owner.orgId, email, ['finance']);
    expect(result.returnTo).toBe('/app');
    const me = await api(server.app, `sw_session=${result.token}`).get('/api/organization');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(owner.orgId);
    const [member] = await server.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.orgId), eq(memberships.userId, result.user.id)));
    expect(member.role).toBe('admin');
    // The JIT user can never sign in with a password.
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: { email, password: '!sso-only' },
    });
    expect(login.statusCode).toBe(401);
    const actions = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.userId, result.user.id));
    // The refused password attempt is in the organization's log too.
    expect(actions.map((a) => a.action).sort()).toEqual([
      'auth.login_failed',
      'auth.sso_login',
      'team.member_join',
    ]);
  });

  it('follows the mappings on later sign-ins but never changes an owner', async () => {
    const { owner, domain } = await ssoOrg();
    const first = await signIn(owner.orgId, `sam@${domain}`, ['Finance']);
    await signIn(owner.orgId, `sam@${domain}`, []);
    const [member] = await server.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.orgId), eq(memberships.userId, first.user.id)));
    expect(member.role).toBe('viewer');
    await server.database.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.userId, first.user.id));
    await signIn(owner.orgId, `sam@${domain}`, []);
    const [after] = await server.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, first.user.id));
    expect(after.role).toBe('owner');
  });

  it('refuses an unverified domain, a disabled connection and an organization off Scale', async () => {
    const { owner, domain } = await ssoOrg();
    await expect(signIn(owner.orgId, 'x@elsewhere.test')).rejects.toMatchObject({ code: 'sso_not_allowed' });
    const disabled = await ssoOrg({ enabled: false });
    await expect(signIn(disabled.owner.orgId, `x@${disabled.domain}`)).rejects.toMatchObject({
      code: 'sso_not_allowed',
    });
    await setPlan(server.database.db, owner.orgId, 'pro');
    await expect(signIn(owner.orgId, `x@${domain}`)).rejects.toMatchObject({ code: 'sso_not_allowed' });
    const created = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, `x@${domain}`));
    expect(created).toEqual([]);
  });
});

describe('identity provider text (issue 30)', () => {
  it('stores claims holding NUL or a lone surrogate cleaned, and maps groups the same way', async () => {
    const { owner, domain } = await ssoOrg();
    const result = await completeSsoSignIn(
      server.app.deps,
      {
        orgId: owner.orgId,
        protocol: 'oidc',
        email: `nul@${domain}`,
        firstName: 'Jo\u0000',
        lastName: 'D\uDC00oe',
        groups: ['Fin\u0000ance'],
      },
      client,
    );
    const [user] = await server.database.db.select().from(users).where(eq(users.id, result.user.id));
    expect(user).toMatchObject({ email: `nul@${domain}`, firstName: 'Jo', lastName: 'D\uFFFDoe' });
    const [member] = await server.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.orgId), eq(memberships.userId, result.user.id)));
    expect(member.role).toBe('admin');
  });
});

describe('login states', () => {
  it('are used once', async () => {
    const { owner } = await ssoOrg();
    const state = await createLoginState(server.database.db, {
      state: randomBytes(16).toString('hex'),
      orgId: owner.orgId,
      protocol: 'oidc',
      nonce: 'n',
    });
    expect(await consumeLoginState(server.database.db, state)).toMatchObject({
      nonce: 'n',
      organizationId: owner.orgId,
    });
    expect(await consumeLoginState(server.database.db, state)).toBeNull();
    expect(await consumeLoginState(server.database.db, 'unknown')).toBeNull();
  });
});

describe('GET /api/auth/sso/start', () => {
  it('answers 404 sso_not_configured for a domain without single sign-on', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/sso/start?email=a@nowhere.test',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'sso_not_configured',
      message: 'Single sign-on is not set up for nowhere.test.',
    });
  });
});
