import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env';
import { startReceiver } from '../../../test/receiver';
import { parseIdpMetadata, prepareSamlConfig } from './metadata';
import { spMetadataXml } from './service-provider';
import { createTestIdp } from './test-idp';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const wrap = (base64: string) => base64.replace(/(.{64})/g, '$1\n');

// Shapes of the metadata each IdP documents for a custom SAML app.
const okta = (cert: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><md:EntityDescriptor entityID="http://www.okta.com/exk1abcdEFGH" xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${wrap(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat><md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat><md:SingleSignOnService Binding="${POST}" Location="https://acme.okta.com/app/acme_stackwise_1/exk1abcdEFGH/sso/saml"/><md:SingleSignOnService Binding="${REDIRECT}" Location="https://acme.okta.com/app/acme_stackwise_1/exk1abcdEFGH/sso/saml"/></md:IDPSSODescriptor></md:EntityDescriptor>`;

const entra = (current: string, next: string) =>
  `<?xml version="1.0" encoding="utf-8"?><EntityDescriptor ID="_5a1b" entityID="https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/" xmlns="urn:oasis:names:tc:SAML:2.0:metadata"><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#" /></SignedInfo><SignatureValue>AAAA</SignatureValue><KeyInfo><X509Data><X509Certificate>${current}</X509Certificate></X509Data></KeyInfo></Signature><RoleDescriptor xsi:type="fed:SecurityTokenServiceType" protocolSupportEnumeration="http://docs.oasis-open.org/wsfed/federation/200706" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:fed="http://docs.oasis-open.org/wsfed/federation/200706"><KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${current}</X509Certificate></X509Data></KeyInfo></KeyDescriptor></RoleDescriptor><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${current}</X509Certificate></X509Data></KeyInfo></KeyDescriptor><KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${next}</X509Certificate></X509Data></KeyInfo></KeyDescriptor><SingleLogoutService Binding="${REDIRECT}" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2" /><SingleSignOnService Binding="${REDIRECT}" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2" /><SingleSignOnService Binding="${POST}" Location="https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2" /></IDPSSODescriptor></EntityDescriptor>`;

const google = (
  cert: string,
  encryptionCert: string,
) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://accounts.google.com/o/saml2?idpid=C01a2b3c4" validUntil="2031-11-25T09:00:00.000Z">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data>
          <ds:X509Certificate>
${wrap(cert)}
          </ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:KeyDescriptor use="encryption"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${encryptionCert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="${REDIRECT}" Location="https://accounts.google.com/o/saml2/idp?idpid=C01a2b3c4"/>
    <md:SingleSignOnService Binding="${POST}" Location="https://accounts.google.com/o/saml2/idp?idpid=C01a2b3c4"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

describe('parseIdpMetadata', () => {
  let cert: string;
  let other: string;
  beforeAll(async () => {
    [cert, other] = (await Promise.all([createTestIdp(), createTestIdp()])).map((idp) => idp.certificate);
  });

  it('reads Okta metadata (prefixed, wrapped certificate, POST binding listed first)', () => {
    expect(parseIdpMetadata(okta(cert))).toEqual({
      entityId: 'http://www.okta.com/exk1abcdEFGH',
      ssoUrl: 'https://acme.okta.com/app/acme_stackwise_1/exk1abcdEFGH/sso/saml',
      certificates: [cert],
    });
  });

  it('reads Entra ID metadata (default namespace, WS-Fed roles, two certificates while rotating)', () => {
    expect(parseIdpMetadata(entra(cert, other))).toEqual({
      entityId: 'https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/',
      ssoUrl: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2',
      certificates: [cert, other],
    });
  });

  it('reads Google Workspace metadata and leaves out encryption-only keys', () => {
    expect(parseIdpMetadata(google(cert, other))).toEqual({
      entityId: 'https://accounts.google.com/o/saml2?idpid=C01a2b3c4',
      ssoUrl: 'https://accounts.google.com/o/saml2/idp?idpid=C01a2b3c4',
      certificates: [cert],
    });
  });

  it.each([
    ['not XML', 'hello', /not an XML document/],
    [
      'broken XML',
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><a></b>',
      /not valid XML/,
    ],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY a "aaaa">]>${'<x/>'}`, /DOCTYPE/],
    [
      'service-provider metadata',
      spMetadataXml(parseEnv({ NODE_ENV: 'test' }), crypto.randomUUID()),
      /IDPSSODescriptor/,
    ],
  ])('refuses %s with a 400', (_name, xml, message) => {
    expect(() => parseIdpMetadata(xml)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
    );
  });

  it('refuses metadata without a Redirect endpoint, an https URL, a signing certificate or a readable one', () => {
    const refuse = (xml: string, message: RegExp) =>
      expect(() => parseIdpMetadata(xml)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
      );
    refuse(
      okta(cert).replace(
        `<md:SingleSignOnService Binding="${REDIRECT}"`,
        `<md:SingleSignOnService Binding="${POST}"`,
      ),
      /HTTP-Redirect/,
    );
    refuse(okta(cert).replaceAll('https://acme.okta.com', 'http://acme.okta.com'), /HTTPS/);
    refuse(okta(cert).replace('use="signing"', 'use="encryption"'), /no signing certificate/);
    refuse(okta('bm90IGEgY2VydGlmaWNhdGU='), /cannot be read/);
  });
});

describe('prepareSamlConfig', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let idp: Awaited<ReturnType<typeof createTestIdp>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    idp = await createTestIdp();
  });
  afterAll(() => receiver.close());
  const deps = (allowPrivate: boolean) => ({
    env: parseEnv({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: String(allowPrivate) }),
  });

  it('stores pasted metadata without a URL', async () => {
    await expect(prepareSamlConfig(deps(false), { samlMetadataXml: idp.metadataXml() })).resolves.toEqual({
      samlMetadataUrl: null,
      ...idp.settings,
    });
  });

  it('fetches metadata from its URL and keeps the URL', async () => {
    receiver.serve(idp.metadataXml());
    const url = `${receiver.url}/app/metadata`;
    await expect(prepareSamlConfig(deps(true), { samlMetadataUrl: url })).resolves.toEqual({
      samlMetadataUrl: url,
      ...idp.settings,
    });
  });

  it('refuses a URL on a private address (SSRF guard) and a URL that does not answer 200', async () => {
    const refusal = (allowPrivate: boolean) =>
      prepareSamlConfig(deps(allowPrivate), { samlMetadataUrl: `${receiver.url}/metadata` }).catch((e) => e);
    expect(await refusal(false)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/private|loopback/),
    });
    receiver.respondWith(404);
    expect(await refusal(true)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/answered 404/),
    });
  });

  it('checks IdP fields entered by hand: certificates readable (PEM armour dropped), the SSO URL on HTTPS', async () => {
    const pem = `-----BEGIN CERTIFICATE-----\n${idp.certificate.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    await expect(prepareSamlConfig(deps(false), { samlIdpCertificates: [pem] })).resolves.toEqual({
      samlIdpCertificates: [idp.certificate],
    });
    // Several certificates in one text, as the settings form's textarea sends them back.
    const other = (await createTestIdp()).certificate;
    await expect(
      prepareSamlConfig(deps(false), { samlIdpCertificates: [`${idp.certificate}\n\n${other}`] }),
    ).resolves.toEqual({ samlIdpCertificates: [idp.certificate, other] });
    await expect(
      prepareSamlConfig(deps(false), {
        samlIdpCertificates: [`${pem}\n${pem.replace(idp.certificate.slice(0, 64), '')}`],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(prepareSamlConfig(deps(false), { samlIdpCertificates: ['nonsense'] })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
    await expect(
      prepareSamlConfig(deps(false), { samlIdpSsoUrl: 'http://idp.example.com/sso' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(prepareSamlConfig(deps(false), {})).resolves.toEqual({});
  });
});
