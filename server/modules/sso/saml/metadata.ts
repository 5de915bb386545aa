// The identity provider's SAML metadata: its entity id, where to send the browser, and the
// certificates its assertions are signed with. Pasted by an admin or fetched from the IdP.

import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import type { SsoConnectionBody } from '../../../../common/contracts/sso';
import { AppError, invalidFields } from '../../../errors';
import { BlockedUrlError, guardedGet } from '../../../lib/safe-http';
import type { ServiceDeps } from '../../../types';
import type { SsoConnectionValues } from '../sso.repo';

export interface IdpMetadata {
  entityId: string;
  /** The HTTP-Redirect SingleSignOnService: where the AuthnRequest goes. */
  ssoUrl: string;
  /** Signing certificates as base64 DER (a PEM body without its lines). */
  certificates: string[];
}

const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Federation files list thousands of entities; one IdP's metadata is a few KB (Entra's ~25). */
const MAX_METADATA_BYTES = 1024 * 1024;

const invalid = (message: string) => invalidFields([{ field: 'samlMetadataXml', message }]);

function parseXml(xml: string): Document {
  // A DTD could define entities (billion laughs); metadata never needs one.
  if (/<!DOCTYPE/i.test(xml)) throw invalid('Metadata with a DOCTYPE is not accepted.');
  const fail = (message: string) => {
    throw invalid(`The metadata is not valid XML (${message.split('\n')[0]}).`);
  };
  const doc = new DOMParser({ errorHandler: { error: fail, fatalError: fail } }).parseFromString(
    xml,
    'text/xml',
  ) as unknown as Document;
  if (!doc?.documentElement) throw invalid('The metadata is not an XML document.');
  return doc;
}

const text = (expression: string, node: Node) => String(select(`string(${expression})`, node)).trim();

/** The certificates in a text: PEM blocks, or base64 bodies separated by blank lines. */
const splitCertificates = (value: string) =>
  value.includes('-----BEGIN')
    ? [...value.matchAll(/-----BEGIN [A-Z ]+-----([^-]+)-----END [A-Z ]+-----/g)].map((m) => m[1])
    : value.split(/\n\s*\n/);

/**
 * Certificates as base64 DER, each one readable. Pasted text may hold several (a form's textarea
 * joins them with blank lines), with or without PEM armour.
 */
function readableCertificates(values: string[], field: string): string[] {
  const certificates = [
    ...new Set(
      values
        .flatMap(splitCertificates)
        .map((v) => v.replace(/\s+/g, ''))
        .filter(Boolean),
    ),
  ];
  for (const base64 of certificates) {
    try {
      new X509Certificate(Buffer.from(base64, 'base64'));
    } catch {
      throw invalidFields([{ field, message: 'A signing certificate cannot be read.' }]);
    }
  }
  return certificates;
}

function certificatesOf(idp: Node): string[] {
  // Keys without `use` sign and encrypt; encryption-only keys never sign assertions.
  const nodes = select(
    "md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate",
    idp,
  ) as Node[];
  return readableCertificates(
    nodes.map((n) => n.textContent ?? ''),
    'samlMetadataXml',
  );
}

/** The IdP described by a metadata document (an EntityDescriptor, or the first IdP of an EntitiesDescriptor). */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const doc = parseXml(xml);
  const entity = select('(//md:EntityDescriptor[md:IDPSSODescriptor])[1]', doc, true) as Node | undefined;
  if (!entity) throw invalid('This is not SAML identity-provider metadata (no IDPSSODescriptor).');
  const idp = select('md:IDPSSODescriptor', entity, true) as Node;
  const entityId = text('@entityID', entity);
  const ssoUrl = text(`md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']/@Location`, idp);
  const certificates = certificatesOf(idp);
  if (!entityId) throw invalid('The metadata has no entityID.');
  if (!ssoUrl.startsWith('https://')) {
    throw invalid('The metadata has no HTTPS single sign-on URL for the HTTP-Redirect binding.');
  }
  if (!certificates.length) throw invalid('The metadata has no signing certificate.');
  return { entityId, ssoUrl, certificates };
}

async function fetchMetadata(deps: Pick<ServiceDeps, 'env'>, url: string): Promise<string> {
  const refuse = (message: string) => invalidFields([{ field: 'samlMetadataUrl', message }]);
  try {
    const answer = await guardedGet(
      url,
      { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      { allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE, maxBytes: MAX_METADATA_BYTES },
    );
    if (answer.status !== 200) throw refuse(`The metadata URL answered ${answer.status}.`);
    return answer.body;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof BlockedUrlError) throw refuse(error.message);
    throw refuse(`The metadata could not be fetched: ${(error as Error).message}`);
  }
}

/** The SAML settings of PUT /api/sso: the IdP's metadata (pasted or at a URL), or its fields by hand. */
export type SamlSettingsInput = Partial<
  Pick<
    SsoConnectionBody,
    'samlMetadataXml' | 'samlMetadataUrl' | 'samlIdpEntityId' | 'samlIdpSsoUrl' | 'samlIdpCertificates'
  >
>;

/**
 * The stored IdP fields of a connection: read from pasted metadata, or fetched from its URL (kept,
 * so saving again picks up rotated certificates), or else the fields given by hand, checked.
 */
export async function prepareSamlConfig(
  deps: Pick<ServiceDeps, 'env'>,
  input: SamlSettingsInput,
): Promise<Partial<SsoConnectionValues>> {
  const { samlMetadataXml: pasted, samlMetadataUrl: url } = input;
  if (pasted || url) {
    const metadata = parseIdpMetadata(pasted || (await fetchMetadata(deps, url!)));
    return {
      samlMetadataUrl: pasted ? null : url,
      samlIdpEntityId: metadata.entityId,
      samlIdpSsoUrl: metadata.ssoUrl,
      samlIdpCertificates: metadata.certificates,
    };
  }
  if (input.samlIdpSsoUrl && !input.samlIdpSsoUrl.startsWith('https://')) {
    throw invalidFields([{ field: 'samlIdpSsoUrl', message: 'The single sign-on URL must use HTTPS.' }]);
  }
  return input.samlIdpCertificates
    ? { samlIdpCertificates: readableCertificates(input.samlIdpCertificates, 'samlIdpCertificates') }
    : {};
}
