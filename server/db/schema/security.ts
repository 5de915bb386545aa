import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SsoDefaultRole, SsoProtocol, SsoRoleMapping } from '../../../common/security';
import { createdAt, timestamps } from './columns';
import { organizations } from './organizations';
import { people } from './people';
import { tenantReference, tenantTable } from './tenant';

// Enterprise access (issue 21): single sign-on, API keys and SCIM provisioning.

/**
 * The organization of a row in a global table. Always set by the code; nullable in the database
 * because on Citus a NOT NULL organization_id marks a tenant table (server/db/distribution.ts).
 */
const globalOrganizationId = () =>
  uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' });

/** The organization's single sign-on connection: one per organization, OIDC or SAML. */
export const ssoConnections = tenantTable(
  'sso_connections',
  {
    protocol: text('protocol').$type<SsoProtocol>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Password sign-in refused for the verified domains (owners keep an audited break-glass login). */
    enforced: boolean('enforced').notNull().default(false),
    /** OIDC: the issuer (its discovery document is at /.well-known/openid-configuration). */
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    /** Never sent back to the browser. */
    oidcClientSecret: text('oidc_client_secret'),
    /** SAML: where the metadata came from, if a URL. */
    samlMetadataUrl: text('saml_metadata_url'),
    samlIdpEntityId: text('saml_idp_entity_id'),
    samlIdpSsoUrl: text('saml_idp_sso_url'),
    /** The IdP's signing certificates (PEM bodies); several while the IdP rotates them. */
    samlIdpCertificates: jsonb('saml_idp_certificates').$type<string[]>(),
    /** Role of a member created on first sign-in. */
    defaultRole: text('default_role').$type<SsoDefaultRole>().notNull().default('member'),
    /** The claim (OIDC) or attribute (SAML) that lists the user's groups. */
    groupsClaim: text('groups_claim'),
    roleMappings: jsonb('role_mappings').$type<SsoRoleMapping[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sso_connections_org_idx').on(t.organizationId)],
);

/**
 * An e-mail domain an organization claims for single sign-on, proved by a DNS TXT record. Global:
 * "which organization signs in alice@acme.com" is asked before any organization is known, and a
 * verified domain belongs to one organization in the whole installation.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: globalOrganizationId(),
    /** Lower case, no trailing dot. */
    domain: text('domain').notNull(),
    /** The value of the TXT record that proves it. */
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_domains_org_domain_idx').on(t.organizationId, t.domain),
    uniqueIndex('sso_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A sign-in started and not yet finished: OIDC state, nonce and PKCE verifier, or the SAML request
 * id. In the database, so the callback may land on any server. Used once, then deleted.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    /** sha-256 of the state sent to the identity provider. */
    stateHash: text('state_hash').primaryKey(),
    organizationId: globalOrganizationId(),
    protocol: text('protocol').$type<SsoProtocol>().notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** SAML: the AuthnRequest id the response must answer (InResponseTo). */
    requestId: text('request_id'),
    /** Where to go after signing in (an /app path). */
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** SAML assertions already used, remembered until they expire: a replayed assertion is refused. */
export const samlAssertionIds = tenantTable(
  'saml_assertion_ids',
  {
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('saml_assertion_ids_org_assertion_idx').on(t.organizationId, t.assertionId),
    index('saml_assertion_ids_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A key for the REST API (`Authorization: Bearer sw_live_…`), stored as a hash. Global like
 * sessions: a request names only the key, so it is found before its organization is known.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: globalOrganizationId(),
    name: text('name').notNull(),
    /** The first characters of the key, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `read`, `write`, or per area (`expenses:read`, `applications:write`…). */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_idx').on(t.tokenHash),
    index('api_keys_org_idx').on(t.organizationId),
  ],
);

/** The organization's SCIM bearer token (one; rotating replaces it), stored as a hash. Global like api_keys. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: globalOrganizationId(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scim_tokens_org_idx').on(t.organizationId),
    uniqueIndex('scim_tokens_token_hash_idx').on(t.tokenHash),
  ],
);

/** A group pushed by the identity provider over SCIM (Okta "Push groups", Entra group provisioning). */
export const scimGroups = tenantTable(
  'scim_groups',
  {
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('scim_groups_org_name_idx').on(t.organizationId, sql`lower(${t.displayName})`)],
);

/** Who is in a SCIM group: people of the directory. */
export const scimGroupMembers = tenantTable(
  'scim_group_members',
  {
    groupId: uuid('group_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    uniqueIndex('scim_group_members_group_person_idx').on(t.organizationId, t.groupId, t.personId),
    index('scim_group_members_person_idx').on(t.organizationId, t.personId),
    tenantReference('scim_group_members_group_fk', t, t.groupId, scimGroups, 'cascade'),
    tenantReference('scim_group_members_person_fk', t, t.personId, people, 'cascade'),
  ],
);
