import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsItems } from '../db/schema';
import { JSON_HEADERS, type TestUser, buildOrgOwner } from '../test/factories';
import { getTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let owner: TestUser & { orgId: string };
const APP = 'http://localhost:3000'; // the test server's APP_URL

beforeAll(async () => {
  server = await getTestServer();
  owner = await buildOrgOwner(server.app);
});
afterAll(() => server.close());

async function newTag(name: string): Promise<string> {
  const [row] = await server.database.db
    .insert(settingsItems)
    .values({ organizationId: owner.orgId, kind: 'tags', name })
    .returning();
  return row!.id;
}

/** A request with no payload at all, as browsers send spec §7's bodyless calls. */
const bodyless = (method: 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url, headers: { cookie: owner.cookie, ...headers } });

describe('CSRF defence', () => {
  it('accepts spec §7 calls sent with no body from our own pages or without an Origin', async () => {
    const a = await newTag('bodyless-a');
    const b = await newTag('bodyless-b');
    expect((await bodyless('DELETE', `/api/settings/tags/${a}`, { origin: APP })).statusCode).toBe(200);
    expect(
      (await bodyless('DELETE', `/api/settings/tags/${b}`, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    const missing = await bodyless('POST', '/api/notifications/00000000-0000-4000-8000-000000000000/dismiss');
    expect(missing.statusCode).toBe(404); // past the guard: the notification does not exist
  });

  it('refuses foreign origins and cross-site fetches, with or without a body, and changes nothing', async () => {
    const id = await newTag('kept');
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: APP },
    ];
    for (const headers of attempts) {
      const response = await bodyless('DELETE', `/api/settings/tags/${id}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_rejected');
    }
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/settings/tags',
      headers: { ...JSON_HEADERS, cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { name: 'evil' },
    });
    expect(json.statusCode).toBe(403);
    const tags = (
      await server.app.inject({ url: '/api/settings/tags', headers: { cookie: owner.cookie } })
    ).json();
    expect(tags.map((t: { name: string }) => t.name)).toContain('kept');
    expect(tags.map((t: { name: string }) => t.name)).not.toContain('evil');
  });

  it('refuses bodies a cross-site form can send without a preflight, even from no Origin', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/settings/tags',
        headers: { cookie: owner.cookie, 'content-type': type },
        payload: type === 'text/plain' ? '{"name":"x"}' : 'name=x',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_rejected');
    }
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: owner.cookie, 'content-type': 'text/plain', origin: APP },
      payload: 'x',
    });
    expect(logout.statusCode).toBe(403);
  });

  it('signs out with a bodyless POST, as the user menu sends it', async () => {
    const response = await bodyless('POST', '/api/auth/logout', {
      origin: APP,
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBeLessThan(300);
    const after = await server.app.inject({ url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(after.statusCode).toBe(401);
  });
  it('lets identity providers post to the SAML ACS cross-site as a form, and no look-alike path', async () => {
    const form = (url: string) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://idp.example.com',
          'sec-fetch-site': 'cross-site',
        },
        payload: 'SAMLResponse=x&RelayState=y',
      });
    const orgPath = `/api/auth/sso/saml/${owner.orgId}`;
    expect((await form(`${orgPath}/acs`)).statusCode).not.toBe(403);
    for (const url of [
      `${orgPath}/acs/x`,
      `${orgPath}/acsx`,
      `${orgPath}/metadata`,
      '/api/auth/sso/saml/x/acs',
    ]) {
      expect((await form(url)).json().code, url).toBe('csrf_rejected');
    }
  });
});
