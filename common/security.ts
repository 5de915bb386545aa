// Enterprise access (issue 21): the vocabulary shared by the server and the web app.

/** How an organization's members sign in with single sign-on. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** Roles single sign-on may grant on first sign-in (owners and admins are made by hand). */
export const SSO_ROLES = ['admin', 'member', 'viewer'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];
/** Roles of someone signing in for the first time with no mapped group: admin only through a mapping. */
export const SSO_DEFAULT_ROLES = ['member', 'viewer'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** An identity-provider group and the role its members get. */
export interface SsoRoleMapping {
  group: string;
  role: SsoRole;
}

/** Every API key and SCIM token starts with its kind, so a leaked one is easy to recognise and revoke. */
export const API_KEY_PREFIX = 'sw_live_';
export const SCIM_TOKEN_PREFIX = 'sw_scim_';

/** What the audit log keeps by default, and the choices offered (days; 0 keeps everything). */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
export const AUDIT_RETENTION_CHOICES = [90, 180, 365, 730, 2555, 0] as const;
