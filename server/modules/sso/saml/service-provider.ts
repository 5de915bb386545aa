// Stackwise as a SAML service provider, one per organization, on @node-saml/node-saml.

import { randomBytes } from 'node:crypto';
import {
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
  type CacheProvider,
} from '@node-saml/node-saml';
import type { Env } from '../../../env';
import type { SsoConnectionRow } from '../sso.repo';

/** Clocks of the IdP and ours may disagree by this much (NotBefore / NotOnOrAfter). */
export const CLOCK_SKEW_MS = 60_000;

/** Our SAML URLs for one organization; the entity id is the metadata URL, so IdPs can fetch it. */
export function spUrls(env: Env, orgId: string) {
  const base = `${env.appOrigin}/api/auth/sso/saml/${orgId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

export function spMetadataXml(env: Env, orgId: string): string {
  const { entityId, acsUrl } = spUrls(env, orgId);
  return generateServiceProviderMetadata({
    issuer: entityId,
    callbackUrl: acsUrl,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
}

/** The IdP side of a connection, as PUT /api/sso stored it. */
export interface IdpSettings {
  samlIdpEntityId: string;
  samlIdpSsoUrl: string;
  samlIdpCertificates: string[];
}

/** A connection's IdP settings, or null while incomplete. */
export function idpSettingsOf(connection: SsoConnectionRow): IdpSettings | null {
  const { samlIdpEntityId, samlIdpSsoUrl, samlIdpCertificates } = connection;
  if (!samlIdpEntityId || !samlIdpSsoUrl || !samlIdpCertificates?.length) return null;
  return { samlIdpEntityId, samlIdpSsoUrl, samlIdpCertificates };
}

/** The one request a response may answer: the login state's, not a per-process cache. */
export interface PendingRequest {
  id: string;
  createdAt: Date;
}

/** How long an AuthnRequest may wait for its answer (the login state lives as long). */
export const REQUEST_TTL_MS = 10 * 60_000;

function pendingCache(request: PendingRequest | null): CacheProvider {
  const instant = request?.createdAt.toISOString() ?? null;
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (request && key === request.id ? instant : null),
    removeAsync: async () => null,
  };
}

export function samlClient(env: Env, orgId: string, idp: IdpSettings, request: PendingRequest | null) {
  const { entityId, acsUrl } = spUrls(env, orgId);
  return new SAML({
    issuer: entityId,
    callbackUrl: acsUrl,
    audience: entityId,
    entryPoint: idp.samlIdpSsoUrl,
    idpIssuer: idp.samlIdpEntityId,
    idpCert: idp.samlIdpCertificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Unsolicited (IdP-initiated) responses are refused: see saml-sign-in.ts.
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: pendingCache(request),
    generateUniqueId: () => request?.id ?? newRequestId(),
    // Asking for a password context makes Entra refuse passwordless and Windows sign-ins.
    disableRequestedAuthnContext: true,
    // Let the IdP pick the NameID format; the email is read from attributes or the NameID.
    identifierFormat: null,
  });
}

/** An AuthnRequest ID: an xsd:ID, so it may not start with a digit. */
export const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

/** The IdP URL the browser goes to (HTTP-Redirect binding), carrying the login state as RelayState. */
export function authorizeUrl(
  env: Env,
  orgId: string,
  idp: IdpSettings,
  request: PendingRequest,
  relayState: string,
) {
  return samlClient(env, orgId, idp, request).getAuthorizeUrlAsync(relayState, undefined, {});
}
