// Single sign-on (issue 21, Scale): the organization's OIDC or SAML connection and the e-mail
// domains it proves it owns.
import { z } from 'zod';
import { SSO_DEFAULT_ROLES, SSO_PROTOCOLS, SSO_ROLES } from '../security';
import { emailSchema } from './auth';
import { SAML_SIGN_IN_ERRORS } from './saml';
import { instant, type Wire } from './wire';

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const ssoRoleMapping = z.object({
  group: z.string().trim().min(1, 'Enter the group name').max(200),
  role: z.enum(SSO_ROLES),
});

/**
 * PUT /api/sso: the whole connection. The OIDC client secret is write-only: omitted (or null)
 * keeps the stored one, a string replaces it.
 */
export const ssoConnectionBody = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  enforced: z.boolean(),
  oidcIssuer: z
    .url({ protocol: /^https?$/, message: 'Enter the issuer URL (https://…)' })
    .max(500)
    .nullish(),
  oidcClientId: optionalText(300),
  oidcClientSecret: z.string().min(1).max(1000).nullish(),
  samlMetadataUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .nullish(),
  /** The IdP's metadata document, pasted; the SAML protocol reads the fields below from it. */
  samlMetadataXml: z.string().max(200_000).nullish(),
  samlIdpEntityId: optionalText(500),
  samlIdpSsoUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .nullish(),
  samlIdpCertificates: z.array(z.string().trim().min(1).max(20_000)).max(5).nullish(),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  groupsClaim: optionalText(200),
  roleMappings: z.array(ssoRoleMapping).max(50),
});
export type SsoConnectionBody = z.infer<typeof ssoConnectionBody>;

/** What to enter at the identity provider: the service provider's side of the connection. */
export const ssoServiceProvider = z.object({
  oidcRedirectUri: z.string(),
  samlAcsUrl: z.string(),
  samlEntityId: z.string(),
  samlMetadataUrl: z.string(),
});

export const ssoConnectionResponse = z.object({
  /** False until the first save: the other fields are the defaults. */
  configured: z.boolean(),
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  enforced: z.boolean(),
  oidcIssuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  samlMetadataUrl: z.string().nullable(),
  samlIdpEntityId: z.string().nullable(),
  samlIdpSsoUrl: z.string().nullable(),
  samlIdpCertificates: z.array(z.string()),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  groupsClaim: z.string().nullable(),
  roleMappings: z.array(ssoRoleMapping),
  serviceProvider: ssoServiceProvider,
});
export type SsoConnection = Wire<typeof ssoConnectionResponse>;

export const ssoDomainBody = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/\.$/, ''))
    .pipe(
      z
        .string()
        .max(253)
        .regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'Enter a domain like acme.com',
        ),
    ),
});

export const ssoDomainResponse = z.object({
  id: z.uuid(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: instant.nullable(),
  lastCheckedAt: instant.nullable(),
  /** The DNS record that proves the domain: add it at the domain's DNS host. */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
  createdAt: instant,
});
export type SsoDomain = Wire<typeof ssoDomainResponse>;

/** POST /api/sso/domains/{id}/verify: the domain, and why not when the record is not found yet. */
export const ssoDomainVerifyResponse = z.object({
  domain: ssoDomainResponse,
  verified: z.boolean(),
  message: z.string(),
});

export const ssoStartQuery = z.object({
  email: emailSchema,
  returnTo: z.string().max(2000).optional(),
});

export const oidcCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Codes of `/auth/login?sso_error=…` and what the login page says for each. */
export const SSO_ERROR_MESSAGES = {
  sso_failed: 'Single sign-on did not complete. Please try again, or ask your administrator.',
  sso_expired: 'That sign-in link has expired or was already used. Please start again.',
  sso_denied: 'Your identity provider did not sign you in.',
  sso_not_allowed:
    'Your account cannot sign in to this organization with single sign-on. Ask your administrator.',
  sso_required: 'Your organization requires single sign-on. Use Continue with SSO.',
  ...SAML_SIGN_IN_ERRORS,
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;
