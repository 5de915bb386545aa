// Checks a SAMLResponse posted to the ACS. node-saml verifies the assertion's signature against
// the IdP's certificates, the audience, NotBefore/NotOnOrAfter and InResponseTo; the checks it
// leaves to us (Recipient, Destination, the assertion's issuer) are here.

import { SamlStatusError, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { SamlSignInError } from '../../../../common/contracts/saml';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { personOf, type SamlPerson } from './attributes';
import {
  CLOCK_SKEW_MS,
  REQUEST_TTL_MS,
  samlClient,
  spUrls,
  type IdpSettings,
  type PendingRequest,
} from './service-provider';

export class SamlRefused extends Error {
  constructor(
    readonly code: SamlSignInError,
    reason: string,
  ) {
    super(reason);
    this.name = 'SamlRefused';
  }
}

export interface SamlAssertion extends SamlPerson {
  assertionId: string;
  /** Until when the assertion could be accepted: its id is remembered that long against replays. */
  expiresAt: Date;
}

type XmlJs = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: XmlJs | undefined, name: string) => (node?.[name] ?? []) as XmlJs[];

function codeOf(error: unknown): SamlSignInError {
  const message = error instanceof Error ? error.message : '';
  if (/signature/i.test(message)) return 'saml_invalid_signature';
  if (/expired|not yet valid|no valid subject confirmation/i.test(message)) return 'saml_expired_assertion';
  return 'saml_invalid_response';
}

/** The outer Response is not signed (only its assertion is), but a Destination it names must be ours. */
function checkEnvelope(xml: string, acsUrl: string, idpEntityId: string) {
  const doc = new DOMParser({
    errorHandler: { error: () => undefined, fatalError: () => undefined },
  }).parseFromString(xml, 'text/xml');
  const response = doc?.documentElement;
  if (!response || response.localName !== 'Response') {
    throw new SamlRefused('saml_invalid_response', 'not a SAML Response');
  }
  const destination = response.getAttribute('Destination');
  if (destination && destination !== acsUrl) {
    throw new SamlRefused('saml_invalid_response', `Destination ${destination} is not our ACS`);
  }
  const issuer = Array.from(response.childNodes).find((n) => (n as Element).localName === 'Issuer');
  if (issuer && issuer.textContent?.trim() !== idpEntityId) {
    throw new SamlRefused('saml_invalid_response', 'Response issuer is not the IdP');
  }
}

/** Checks the signed assertion's parts node-saml does not: issuer and bearer Recipient. */
function checkAssertion(profile: Profile, idp: IdpSettings, acsUrl: string, request: PendingRequest) {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  if (!assertion?.$?.ID) throw new SamlRefused('saml_invalid_response', 'assertion without ID');
  if (profile.issuer !== idp.samlIdpEntityId) {
    throw new SamlRefused('saml_invalid_response', `assertion issued by ${profile.issuer}`);
  }
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation')
    .filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .map((c) => children(c, 'SubjectConfirmationData')[0]?.$ ?? {});
  if (!confirmations.some((data) => data.Recipient === acsUrl)) {
    throw new SamlRefused('saml_invalid_response', 'no bearer confirmation for our ACS');
  }
  const limits = [
    ...confirmations.map((data) => data.NotOnOrAfter),
    children(assertion, 'Conditions')[0]?.$?.NotOnOrAfter,
  ]
    .filter((v): v is string => Boolean(v))
    .map((v) => Date.parse(v));
  const latest = Math.max(request.createdAt.getTime() + REQUEST_TTL_MS, ...limits.filter(Number.isFinite));
  return { assertionId: assertion.$.ID, expiresAt: new Date(latest + CLOCK_SKEW_MS) };
}

/**
 * The person a SAMLResponse (base64, as posted) vouches for; else a SamlRefused saying why, or
 * an `sso_denied` AppError when the IdP itself refused.
 */
export async function validateSamlResponse(
  env: Env,
  orgId: string,
  idp: IdpSettings & { groupsClaim: string | null },
  samlResponse: string,
  request: PendingRequest,
): Promise<SamlAssertion> {
  const { acsUrl } = spUrls(env, orgId);
  checkEnvelope(Buffer.from(samlResponse, 'base64').toString('utf8'), acsUrl, idp.samlIdpEntityId);
  let profile: Profile | null;
  try {
    ({ profile } = await samlClient(env, orgId, idp, request).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    // The IdP's own refusal (a non-Success status: not assigned to the app, cancelled…).
    if (error instanceof SamlStatusError) throw new AppError('sso_denied', error.message);
    throw new SamlRefused(codeOf(error), error instanceof Error ? error.message : String(error));
  }
  // A NoPassive answer: the IdP would not sign the person in.
  if (!profile) throw new AppError('sso_denied', 'The identity provider did not sign the user in.');
  const checked = checkAssertion(profile, idp, acsUrl, request);
  return { ...checked, ...personOf(profile, idp.groupsClaim) };
}
