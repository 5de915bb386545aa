// Who signed in, read from an assertion's attributes under the names Okta, Entra ID and Google
// Workspace use by default (attribute names compare without case).

import type { Profile } from '@node-saml/node-saml';

const EMAIL = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const FIRST_NAME = [
  'firstname',
  'first_name',
  'givenname',
  'given_name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const LAST_NAME = [
  'lastname',
  'last_name',
  'surname',
  'sn',
  'family_name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];
/** Where groups are when the connection names no attribute. */
export const DEFAULT_GROUP_ATTRIBUTES = [
  'groups',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
];

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SamlPerson {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Undefined when the assertion has no groups attribute at all (roles are then left alone). */
  groups: string[] | undefined;
}

/** An attribute's values as strings (an AttributeValue with child elements has none). */
function valuesOf(attributes: Record<string, unknown>, names: string[]): string[] | undefined {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const found = Object.entries(attributes).filter(([name]) => wanted.has(name.toLowerCase()));
  if (!found.length) return undefined;
  return found
    .flatMap(([, value]) => [value].flat())
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());
}

export function personOf(profile: Profile, groupsAttribute: string | null): SamlPerson {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const nameId = profile.nameID?.trim() ?? '';
  const nameIdEmail = profile.nameIDFormat === EMAIL_FORMAT || LOOKS_LIKE_EMAIL.test(nameId) ? nameId : null;
  // An attribute wins over the NameID: Entra's NameID is the UPN, which may differ from the mail.
  const email = valuesOf(attributes, EMAIL)?.find((v) => LOOKS_LIKE_EMAIL.test(v)) ?? nameIdEmail;
  const groups = valuesOf(attributes, groupsAttribute ? [groupsAttribute] : DEFAULT_GROUP_ATTRIBUTES);
  return {
    email: email && LOOKS_LIKE_EMAIL.test(email) ? email.toLowerCase() : null,
    firstName: valuesOf(attributes, FIRST_NAME)?.[0] ?? null,
    lastName: valuesOf(attributes, LAST_NAME)?.[0] ?? null,
    groups: groups && [...new Set(groups)],
  };
}
