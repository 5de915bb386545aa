import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrgOwner, type TestUser } from '../../../test/factories';
import { getTestServer, type TestServer } from '../../../test/test-server';
import { parseIdpMetadata } from './metadata';

let server: TestServer;
let owner: TestUser & { orgId: string };

beforeAll(async () => {
  server = await getTestServer();
  owner = await buildOrgOwner(server.app);
});
afterAll(() => server.close());

describe('SAML service-provider metadata', () => {
  it('describes our entity id and ACS for the organization, without a session', async () => {
    const response = await server.app.inject({ url: `/api/auth/sso/saml/${owner.orgId}/metadata` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const base = `http://localhost:3000/api/auth/sso/saml/${owner.orgId}`;
    expect(response.body).toContain(`entityID="${base}/metadata"`);
    expect(response.body).toMatch(
      new RegExp(
        `AssertionConsumerService[^>]+Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]+Location="${base}/acs"`,
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
