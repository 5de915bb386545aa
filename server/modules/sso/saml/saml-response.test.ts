import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env';
import { validateSamlResponse } from './saml-response';
import { spUrls, type PendingRequest } from './service-provider';
import { createTestIdp, type AssertionOptions } from './test-idp';

const env = parseEnv({ NODE_ENV: 'test', APP_URL: 'https://app.stackwise.test' });
const orgId = '0f6c7a52-4c1e-4b8e-9d55-0a3c5f1b2e77';
const { entityId: audience, acsUrl } = spUrls(env, orgId);

describe('validateSamlResponse', () => {
  let idp: Awaited<ReturnType<typeof createTestIdp>>;
  let request: PendingRequest;
  const connection = () => ({ ...idp.settings, groupsClaim: null });
  const validate = (samlResponse: string, pending = request) =>
    validateSamlResponse(env, orgId, connection(), samlResponse, pending);
  /** The IdP's answer to the pending request, for us unless told otherwise. */
  const respond = (options: Partial<AssertionOptions>, privateKey?: string) =>
    idp.response({ acsUrl, audience, inResponseTo: request.id, ...options }, privateKey);
  const refusal = (samlResponse: string, pending = request) =>
    validate(samlResponse, pending).then(
      () => 'accepted',
      (error: { code?: string }) => error.code,
    );

  beforeAll(async () => {
    idp = await createTestIdp();
  });
  beforeEach(() => {
    request = { id: `_req${Math.random().toString(16).slice(2)}`, createdAt: new Date() };
  });

  it('accepts a signed assertion for us and reads who signed in', async () => {
    const result = await validate(
      respond({
        attributes: {
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': ['Alice@Acme.test'],
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': ['Alice'],
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': ['Martin'],
          'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['finance', 'it'],
        },
        assertionId: '_assertion-1',
      }),
    );
    expect(result).toMatchObject({
      assertionId: '_assertion-1',
      email: 'alice@acme.test',
      firstName: 'Alice',
      lastName: 'Martin',
      groups: ['finance', 'it'],
    });
    expect(result.expiresAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
  });

  it('accepts a certificate among several (rotation)', async () => {
    const rotating = {
      ...connection(),
      samlIdpCertificates: [(await createTestIdp()).certificate, idp.certificate],
    };
    const samlResponse = respond({});
    await expect(validateSamlResponse(env, orgId, rotating, samlResponse, request)).resolves.toMatchObject({
      email: 'alice@acme.test',
    });
  });

  it('refuses an assertion signed with another key', async () => {
    const forged = respond({}, await idp.otherKey());
    expect(await refusal(forged)).toBe('saml_invalid_signature');
  });

  it('refuses an attribute changed after signing', async () => {
    const tampered = respond({
      email: 'mallory@acme.test',
      tamper: (xml) =>
        xml.replace('mallory@acme.test</saml:AttributeValue>', 'ceo@acme.test</saml:AttributeValue>'),
    });
    expect(await refusal(tampered)).toBe('saml_invalid_signature');
  });

  it('refuses an assertion for another service provider', async () => {
    const other = respond({ audience: 'https://other.example.com/sp' });
    expect(await refusal(other)).toBe('saml_invalid_response');
  });

  it('refuses an assertion addressed to another ACS (Recipient or Destination)', async () => {
    const recipient = respond({ recipient: 'https://evil.test/acs' });
    expect(await refusal(recipient)).toBe('saml_invalid_response');
    const destination = respond({ destination: 'https://evil.test/acs' });
    expect(await refusal(destination)).toBe('saml_invalid_response');
  });

  it('refuses an assertion from another issuer, even signed with the right key', async () => {
    const other = respond({ issuer: 'https://evil.test/idp' });
    expect(await refusal(other)).toBe('saml_invalid_response');
    // The Response's own Issuer is not signed: the assertion's is what counts.
    const disguised = respond({
      issuer: 'https://evil.test/idp',
      tamper: (xml) => xml.replace('https://evil.test/idp', idp.entityId),
    });
    expect(await refusal(disguised)).toBe('saml_invalid_response');
  });

  it('refuses an expired assertion beyond the 60 s skew, accepts one within it', async () => {
    const expired = respond({ notOnOrAfterMs: -90_000 });
    expect(await refusal(expired)).toBe('saml_expired_assertion');
    const early = respond({ notBeforeMs: 120_000 });
    expect(await refusal(early)).toBe('saml_expired_assertion');
    const withinSkew = respond({ notOnOrAfterMs: -30_000, notBeforeMs: -120_000 });
    expect(await refusal(withinSkew)).toBe('accepted');
  });

  it('refuses an answer to another request, and an unsolicited one', async () => {
    const other = idp.response({ acsUrl, audience, inResponseTo: '_someone-elses-request' });
    expect(await refusal(other)).toBe('saml_invalid_response');
    const unsolicited = idp.response({ acsUrl, audience, inResponseTo: null });
    expect(await refusal(unsolicited)).toBe('saml_invalid_response');
  });

  it('refuses what is not a SAML response', async () => {
    expect(await refusal(Buffer.from('<html/>').toString('base64'))).toBe('saml_invalid_response');
    expect(await refusal('not base64 at all')).toBe('saml_invalid_response');
  });

  it('reads the email from the NameID when no attribute carries it, and the configured groups attribute', async () => {
    const samlResponse = respond({
      nameId: 'Bob@Acme.test',
      attributes: { firstName: ['Bob'], lastName: ['Stone'], memberOf: ['admins'] },
    });
    const result = await validateSamlResponse(
      env,
      orgId,
      { ...connection(), groupsClaim: 'memberOf' },
      samlResponse,
      request,
    );
    expect(result).toMatchObject({
      email: 'bob@acme.test',
      firstName: 'Bob',
      lastName: 'Stone',
      groups: ['admins'],
    });
  });

  it('has no email when neither the NameID nor an attribute is one', async () => {
    const samlResponse = respond({
      nameId: '00u1abcd',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { firstName: ['Bob'] },
    });
    expect(await validate(samlResponse)).toMatchObject({ email: null, groups: undefined });
  });
});
