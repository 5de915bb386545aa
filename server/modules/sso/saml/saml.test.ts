import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, samlAssertionIds, ssoConnections, ssoDomains, users } from '../../../db/schema';
import { api, buildOrgOwner, setPlan, type TestUser } from '../../../test/factories';
import { getTestServer, type TestServer } from '../../../test/test-server';
import { parseIdpMetadata } from './metadata';
import { createTestIdp } from './test-idp';

let server: TestServer;
let idp: Awaited<ReturnType<typeof createTestIdp>>;

beforeAll(async () => {
  // Every sign-in here starts and posts from one address: lift the per-address limit.
  server = await getTestServer({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  idp = await createTestIdp();
});
afterAll(() => server.close());

const APP = 'http://localhost:3000';
const acsPath = (orgId: string) => `/api/auth/sso/saml/${orgId}/acs`;
const spOf = (orgId: string) => ({
  acsUrl: `${APP}${acsPath(orgId)}`,
  audience: `${APP}/api/auth/sso/saml/${orgId}/metadata`,
});

/** A Scale organization whose owner saved the test IdP's metadata, with one verified domain. */
async function samlOrg() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'scale');
  const domain = `corp-${randomBytes(4).toString('hex')}.test`;
  await server.database.db
    .insert(ssoDomains)
    .values({ organizationId: owner.orgId, domain, verificationToken: 't', verifiedAt: new Date() });
  const saved = await api(server.app, owner.cookie).put('/api/sso', {
    protocol: 'saml',
    enabled: true,
    enforced: false,
    samlMetadataXml: idp.metadataXml(),
    defaultRole: 'member',
    groupsClaim: null,
    roleMappings: [{ group: 'Finance', role: 'admin' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { owner, domain };
}

/** The sign-in start, as the login page's "Continue with SSO": the RelayState and the request id. */
async function start(email: string) {
  const response = await server.app.inject({ url: `/api/auth/sso/start?email=${encodeURIComponent(email)}` });
  expect(response.statusCode, response.body).toBe(302);
  const url = new URL(response.headers.location as string);
  const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
  return {
    url,
    request,
    relayState: url.searchParams.get('RelayState')!,
    requestId: /ID="([^"]+)"/.exec(request)![1],
  };
}

/** The browser posting the IdP's form to our ACS, cross-site. */
const post = (orgId: string, form: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: acsPath(orgId),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.example.com',
      'sec-fetch-site': 'cross-site',
    },
    payload: new URLSearchParams(form).toString(),
  });

const ssoError = (response: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(response.statusCode).toBe(303);
  expect(response.headers['set-cookie']).toBeUndefined();
  return new URL(response.headers.location as string, APP).searchParams.get('sso_error');
};

const userByEmail = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('SAML sign-in through the routes', () => {
  it('stores the IdP from its metadata and shows our side of the connection', async () => {
    const { owner } = await samlOrg();
    const connection = (await api(server.app, owner.cookie).get('/api/sso')).json();
    expect(connection).toMatchObject({
      protocol: 'saml',
      samlIdpEntityId: idp.entityId,
      samlIdpSsoUrl: idp.ssoUrl,
      samlIdpCertificates: [idp.certificate],
      serviceProvider: { samlAcsUrl: spOf(owner.orgId).acsUrl, samlEntityId: spOf(owner.orgId).audience },
    });
  });

  it('refuses unusable metadata with a 400 and keeps the connection as it was', async () => {
    const { owner } = await samlOrg();
    const client = api(server.app, owner.cookie);
    for (const samlMetadataXml of [
      '<nope',
      idp.metadataXml().replace(/<ds:X509Certificate>[^<]+/, '<ds:X509Certificate>AAAA'),
    ]) {
      const response = await client.put('/api/sso', {
        protocol: 'saml',
        enabled: true,
        enforced: false,
        samlMetadataXml,
        defaultRole: 'viewer',
        roleMappings: [],
      });
      expect(response.statusCode).toBe(400);
    }
    // A metadata URL on this machine: the SSRF guard refuses it (WEBHOOK_ALLOW_PRIVATE is off).
    const local = await client.put('/api/sso', {
      protocol: 'saml',
      enabled: true,
      enforced: false,
      samlMetadataUrl: 'http://127.0.0.1:9/metadata',
      defaultRole: 'viewer',
      roleMappings: [],
    });
    expect(local.statusCode).toBe(400);
    expect((await client.get('/api/sso')).json()).toMatchObject({
      defaultRole: 'member',
      samlIdpEntityId: idp.entityId,
    });
  });

  it('sends an AuthnRequest for our ACS to the IdP, then signs in: user, membership with the mapped role, session', async () => {
    const { owner, domain } = await samlOrg();
    const email = `alice@${domain}`;
    const { url, request, relayState, requestId } = await start(email);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(request).toContain(`AssertionConsumerServiceURL="${spOf(owner.orgId).acsUrl}"`);
    expect(request).toContain(`>${spOf(owner.orgId).audience}</saml:Issuer>`);

    const samlResponse = idp.response({
      ...spOf(owner.orgId),
      inResponseTo: requestId,
      attributes: {
        email: [email],
        firstName: ['Alice'],
        lastName: ['Martin'],
        groups: ['Finance', 'Everyone'],
      },
    });
    const response = await post(owner.orgId, { SAMLResponse: samlResponse, RelayState: relayState });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/app');
    const cookie = String(response.headers['set-cookie']).split(';')[0];
    const me = await api(server.app, cookie).get('/api/auth/user');
    expect(me.json()).toMatchObject({ email, firstName: 'Alice', lastName: 'Martin' });
    const organization = await api(server.app, cookie).get('/api/organization');
    expect(organization.json().id).toBe(owner.orgId);
    const user = await userByEmail(email);
    const [member] = await server.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, owner.orgId), eq(memberships.userId, user.id)));
    expect(member.role).toBe('admin');

    // The same post again: its login state is used up.
    expect(ssoError(await post(owner.orgId, { SAMLResponse: samlResponse, RelayState: relayState }))).toBe(
      'sso_expired',
    );
  });

  it('refuses an assertion id seen before, even answering a new request', async () => {
    const { owner, domain } = await samlOrg();
    const email = `bob@${domain}`;
    const assertionId = `_fixed${randomBytes(6).toString('hex')}`;
    const first = await start(email);
    const ok = await post(owner.orgId, {
      SAMLResponse: idp.response({ ...spOf(owner.orgId), inResponseTo: first.requestId, email, assertionId }),
      RelayState: first.relayState,
    });
    expect(ok.headers.location).toBe('/app');
    const second = await start(email);
    const replay = await post(owner.orgId, {
      SAMLResponse: idp.response({
        ...spOf(owner.orgId),
        inResponseTo: second.requestId,
        email,
        assertionId,
      }),
      RelayState: second.relayState,
    });
    expect(ssoError(replay)).toBe('saml_replayed');
    const remembered = await server.database.db
      .select()
      .from(samlAssertionIds)
      .where(eq(samlAssertionIds.organizationId, owner.orgId));
    expect(remembered.map((r) => r.assertionId)).toEqual([assertionId]);
  });

  it('refuses forged, tampered, misaddressed and stale answers, and creates nobody', async () => {
    const { owner, domain } = await samlOrg();
    const email = `mallory@${domain}`;
    const sp = spOf(owner.orgId);
    const otherKey = await idp.otherKey();
    const cases: Array<[string, (requestId: string) => string]> = [
      ['saml_invalid_signature', (id) => idp.response({ ...sp, inResponseTo: id, email }, otherKey)],
      [
        'saml_invalid_signature',
        (id) =>
          idp.response({
            ...sp,
            inResponseTo: id,
            email,
            attributes: { email: [email], groups: ['Everyone'] },
            tamper: (xml) => xml.replace('>Everyone<', '>Finance<'),
          }),
      ],
      [
        'saml_invalid_response',
        (id) => idp.response({ ...sp, inResponseTo: id, email, audience: 'https://other.test/sp' }),
      ],
      [
        'saml_invalid_response',
        (id) => idp.response({ ...sp, inResponseTo: id, email, recipient: 'https://evil.test/acs' }),
      ],
      ['saml_invalid_response', () => idp.response({ ...sp, inResponseTo: '_not-our-request', email })],
      [
        'saml_expired_assertion',
        (id) => idp.response({ ...sp, inResponseTo: id, email, notOnOrAfterMs: -61_000 - 5_000 }),
      ],
    ];
    for (const [code, build] of cases) {
      const { relayState, requestId } = await start(email);
      expect(
        ssoError(await post(owner.orgId, { SAMLResponse: build(requestId), RelayState: relayState })),
        code,
      ).toBe(code);
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('accepts an answer just past its NotOnOrAfter, within the 60 s clock skew', async () => {
    const { owner, domain } = await samlOrg();
    const email = `late@${domain}`;
    const { relayState, requestId } = await start(email);
    const samlResponse = idp.response({
      ...spOf(owner.orgId),
      inResponseTo: requestId,
      email,
      notOnOrAfterMs: -20_000,
    });
    expect(
      (await post(owner.orgId, { SAMLResponse: samlResponse, RelayState: relayState })).headers.location,
    ).toBe('/app');
  });

  it('refuses an e-mail outside the verified domains, and answers without a login state of this organization', async () => {
    const { owner, domain } = await samlOrg();
    const other = await samlOrg();
    const sp = spOf(owner.orgId);
    // The IdP vouches for an address of a domain the organization has not verified.
    const outsider = await start(`carol@${domain}`);
    const stranger = 'carol@unverified.test';
    expect(
      ssoError(
        await post(owner.orgId, {
          SAMLResponse: idp.response({ ...sp, inResponseTo: outsider.requestId, email: stranger }),
          RelayState: outsider.relayState,
        }),
      ),
    ).toBe('sso_not_allowed');
    expect(await userByEmail(stranger)).toBeUndefined();
    // Unsolicited (no RelayState), and a login state another organization started.
    const unsolicited = idp.response({ ...sp, inResponseTo: null, email: `dan@${domain}` });
    expect(ssoError(await post(owner.orgId, { SAMLResponse: unsolicited }))).toBe('sso_expired');
    const theirs = await start(`erin@${other.domain}`);
    expect(
      ssoError(
        await post(owner.orgId, {
          SAMLResponse: idp.response({ ...sp, inResponseTo: theirs.requestId, email: `erin@${domain}` }),
          RelayState: theirs.relayState,
        }),
      ),
    ).toBe('sso_expired');
  });

  it('refuses sign-in once the organization is on Growth or has SAML switched off', async () => {
    const { owner, domain } = await samlOrg();
    const email = `frank@${domain}`;
    const pending = await start(email);
    await setPlan(server.database.db, owner.orgId, 'pro');
    const samlResponse = idp.response({ ...spOf(owner.orgId), inResponseTo: pending.requestId, email });
    expect(
      ssoError(await post(owner.orgId, { SAMLResponse: samlResponse, RelayState: pending.relayState })),
    ).toBe('sso_not_allowed');
    await setPlan(server.database.db, owner.orgId, 'scale');
    const again = await start(email);
    await server.database.db
      .update(ssoConnections)
      .set({ enabled: false })
      .where(eq(ssoConnections.organizationId, owner.orgId));
    const late = idp.response({ ...spOf(owner.orgId), inResponseTo: again.requestId, email });
    expect(ssoError(await post(owner.orgId, { SAMLResponse: late, RelayState: again.relayState }))).toBe(
      'sso_not_allowed',
    );
  });
});

describe('SAML service-provider metadata', () => {
  let owner: TestUser & { orgId: string };
  beforeAll(async () => {
    owner = await buildOrgOwner(server.app);
  });

  it('describes our entity id and ACS for the organization, without a session', async () => {
    const response = await server.app.inject({ url: `/api/auth/sso/saml/${owner.orgId}/metadata` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const { acsUrl, audience } = spOf(owner.orgId);
    expect(response.body).toContain(`entityID="${audience}"`);
    expect(response.body).toMatch(
      new RegExp(
        `AssertionConsumerService[^>]+Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]+Location="${acsUrl}"`,
      ),
    );
    expect(response.body).toContain('WantAssertionsSigned="true"');
    // It is not an IdP's: pasting it as the IdP's metadata is refused.
    expect(() => parseIdpMetadata(response.body)).toThrow(/IDPSSODescriptor/);
  });

  it('answers 404 for an organization that does not exist and 400 for what is not an id', async () => {
    const missing = await server.app.inject({ url: `/api/auth/sso/saml/${crypto.randomUUID()}/metadata` });
    expect(missing.statusCode).toBe(404);
    const bad = await server.app.inject({ url: '/api/auth/sso/saml/not-an-id/metadata' });
    expect(bad.statusCode).toBe(400);
  });
});
