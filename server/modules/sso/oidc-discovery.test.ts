import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoDomains } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { startOidcProvider } from '../../test/oidc-provider';
import { getTestServer, type TestServer } from '../../test/test-server';

// Saving an OIDC connection makes the server fetch the issuer's discovery document: that request
// goes through the SSRF guard like SAML metadata URLs, and its failures all read the same.

const NEUTRAL = "The identity provider's discovery document could not be read at that address.";
const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/oidc/callback';

/** A listener on loopback that counts what reaches it. */
let hits = 0;
const listener = createServer((_req, res) => {
  hits += 1;
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
let port = 0;

let guarded: TestServer;
beforeAll(async () => {
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  port = (listener.address() as AddressInfo).port;
  // WEBHOOK_ALLOW_PRIVATE is not set: the guard is on, as in production.
  guarded = await getTestServer();
});
afterAll(async () => {
  await guarded.close();
  listener.close();
});

async function scaleOwner(server: TestServer) {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'scale');
  return { owner, client: api(server.app, owner.cookie) };
}

const settings = (oidcIssuer: string) => ({
  protocol: 'oidc',
  enabled: true,
  enforced: false,
  oidcIssuer,
  oidcClientId: 'stackwise',
  oidcClientSecret: 'a-client-secret',
  defaultRole: 'member',
  roleMappings: [],
});

describe('OIDC discovery through the SSRF guard', () => {
  it.each([
    ['http://127.0.0.1:PORT', 'loopback, with a listener'],
    ['http://localhost:PORT', 'a host name that resolves to loopback'],
    ['http://[::1]:PORT', 'IPv6 loopback'],
    ['https://169.254.169.254', 'the cloud metadata address'],
    ['https://10.255.255.1', 'a private address'],
    ['https://192.168.255.254', 'a private address'],
    ['http://100.64.0.1', 'carrier-grade NAT'],
  ])('refuses %s (%s) with one neutral message, and nothing reaches it', async (issuer) => {
    const { client } = await scaleOwner(guarded);
    const saved = await client.put('/api/sso', settings(issuer.replace('PORT', String(port))));
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      message: NEUTRAL,
      fields: [{ field: 'oidcIssuer', message: NEUTRAL }],
    });
    expect(hits).toBe(0);
    expect((await client.get('/api/sso')).json().configured).toBe(false);
  });

  it('says the same when nothing listens or the answer is not a discovery document', async () => {
    const allowed = await getTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    try {
      const { client } = await scaleOwner(allowed);
      const closed = await client.put('/api/sso', settings('http://127.0.0.1:9'));
      const notOidc = await client.put('/api/sso', settings(`http://127.0.0.1:${port}`));
      expect(hits).toBe(1);
      for (const answer of [closed, notOidc]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(NEUTRAL);
      }
    } finally {
      await allowed.close();
    }
  });
});

describe('the discovery cache', () => {
  it('fetches the discovery document once for many sign-in starts, again after ten minutes', async () => {
    const idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
    const clock = fixedClock(new Date());
    const server = await getTestServer({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    try {
      const { owner, client } = await scaleOwner(server);
      const saved = await client.put('/api/sso', {
        ...settings(idp.issuer),
        oidcClientId: idp.clientId,
        oidcClientSecret: idp.clientSecret,
      });
      expect(saved.statusCode).toBe(200);
      const domain = `corp-${randomBytes(4).toString('hex')}.test`;
      await server.database.db
        .insert(ssoDomains)
        .values({ organizationId: owner.orgId, domain, verificationToken: 't', verifiedAt: new Date() });
      const discoveries = () =>
        idp.requests.filter((p) => p.includes('/.well-known/openid-configuration')).length;
      // Saving fetched it afresh; the starts (anyone may send them) read the cached document.
      expect(discoveries()).toBe(1);
      const start = () => server.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=jo@${domain}` });
      for (let i = 0; i < 3; i += 1) {
        const started = await start();
        expect(started.statusCode).toBe(302);
        expect(String(started.headers.location)).toMatch(new RegExp(`^${idp.issuer}/`));
      }
      expect(discoveries()).toBe(1);
      clock.advance(11 * 60_000);
      expect((await start()).statusCode).toBe(302);
      expect(discoveries()).toBe(2);
    } finally {
      await server.close();
      await idp.close();
    }
  });
});
