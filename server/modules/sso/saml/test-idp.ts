// A SAML identity provider for tests: its own key and self-signed certificate, metadata, and
// Responses whose Assertion it signs like Okta or Entra do (exclusive c14n, rsa-sha256, enveloped).

import { randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

export interface AssertionOptions {
  acsUrl: string;
  audience: string;
  inResponseTo?: string | null;
  email?: string;
  nameId?: string;
  nameIdFormat?: string;
  /** Attribute name → values. */
  attributes?: Record<string, string[]>;
  /** Offsets from now, in ms, of Conditions/SubjectConfirmationData NotBefore and NotOnOrAfter. */
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  assertionId?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  /** Changes the XML after it is signed (a man in the middle). */
  tamper?: (signedXml: string) => string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

async function keyPair() {
  const pems = await generate([{ name: 'commonName', value: 'test-idp' }], { keySize: 2048 });
  return { privateKey: pems.private, certificate: body(pems.cert) };
}

export async function createTestIdp(entityId = 'https://idp.example.com/saml/metadata') {
  const signing = await keyPair();
  const ssoUrl = 'https://idp.example.com/saml/sso';

  function sign(xml: string, privateKey: string) {
    const signer = new SignedXml({
      privateKey,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, {
      prefix: 'ds',
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signer.getSignedXml();
  }

  /** A base64 SAMLResponse, as the browser posts it; signed with `privateKey` (default: the IdP's). */
  function response(options: AssertionOptions, privateKey = signing.privateKey): string {
    const id = options.assertionId ?? `_a${randomBytes(12).toString('hex')}`;
    const issuer = escape(options.issuer ?? entityId);
    const email = options.email ?? 'alice@acme.test';
    const inResponseTo = options.inResponseTo ? ` InResponseTo="${escape(options.inResponseTo)}"` : '';
    const notBefore = iso(options.notBeforeMs ?? -60_000);
    const notOnOrAfter = iso(options.notOnOrAfterMs ?? 5 * 60_000);
    const attributes = Object.entries(options.attributes ?? { email: [email] })
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${escape(name)}">${values
            .map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`)
            .join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(0)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${options.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'}">${escape(options.nameId ?? email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(options.recipient ?? options.acsUrl)}"${inResponseTo}/>` +
      `</saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
      `<saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${iso(0)}" Destination="${escape(options.destination ?? options.acsUrl)}"${inResponseTo}>` +
      `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    const signed = sign(xml, privateKey);
    return Buffer.from(options.tamper ? options.tamper(signed) : signed).toString('base64');
  }

  function metadataXml() {
    return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escape(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${signing.certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  return {
    entityId,
    ssoUrl,
    certificate: signing.certificate,
    /** The stored IdP settings of a connection to this IdP. */
    settings: {
      samlIdpEntityId: entityId,
      samlIdpSsoUrl: ssoUrl,
      samlIdpCertificates: [signing.certificate],
    },
    response,
    metadataXml,
    /** Another key, for signatures the IdP did not make. */
    otherKey: async () => (await keyPair()).privateKey,
  };
}
