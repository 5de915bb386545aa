import { index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  ConnectionStatus,
  ConnectorProvider,
  ConnectorRunStatus,
  DiscoveredStatus,
  RunCounts,
} from '../../../common/contracts/connectors';
import { users } from './auth';
import { timestamps } from './columns';
import { subscriptions } from './inventory';
import { tenantReference, tenantTable } from './tenant';

/** Where a sync resumes: per step, the provider's page token and the `since` of incremental reads. */
export type ConnectorCursors = Record<
  string,
  { pageToken?: string | null; since?: string | null; startedAt?: string | null }
>;

/** A provider connected by the organization (one per provider), with its tokens sealed. */
export const connections = tenantTable(
  'connections',
  {
    provider: text('provider').$type<ConnectorProvider>().notNull(),
    status: text('status').$type<ConnectionStatus>().notNull(),
    /** Who consented at the provider (a super admin), when it says. */
    accountEmail: text('account_email'),
    /** The organization's own API address at the provider (Okta: https://acme.okta.com); null for OAuth providers. */
    siteUrl: text('site_url'),
    /** The provider account the API calls name: QuickBooks realmId, Xero tenant id. */
    accountId: text('account_id'),
    /** Sealed (server/lib/crypto/secret-box.ts); never leaves the repository. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    /** An OAuth service app (Okta): its client id, and its private key (sealed) that signs the token requests. */
    clientId: text('client_id'),
    clientKey: text('client_key'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    cursors: jsonb('cursors').$type<ConnectorCursors>().notNull().default({}),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('connections_org_provider_idx').on(t.organizationId, t.provider)],
);

/** One sync of a connection: its progress and counts; a crashed run is continued by the next attempt. */
export const connectorRuns = tenantTable(
  'connector_runs',
  {
    connectionId: uuid('connection_id').notNull(),
    status: text('status').$type<ConnectorRunStatus>().notNull(),
    reason: text('reason').$type<'connect' | 'daily' | 'manual'>().notNull(),
    step: text('step'),
    counts: jsonb('counts').$type<RunCounts>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    tenantReference('connector_runs_connection_fk', t, t.connectionId, connections, 'cascade'),
    index('connector_runs_org_connection_idx').on(t.organizationId, t.connectionId, t.startedAt),
  ],
);

/** An OAuth authorization in flight (state and PKCE verifier), bound to the member who started it; single use. */
export const connectorOauthStates = tenantTable(
  'connector_oauth_states',
  {
    stateHash: text('state_hash').notNull(),
    provider: text('provider').$type<ConnectorProvider>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('connector_oauth_states_hash_idx').on(t.organizationId, t.stateHash)],
);

/** An application a connector saw people use (OAuth grants), in the inventory or not. */
export const discoveredApps = tenantTable(
  'discovered_apps',
  {
    connectionId: uuid('connection_id').notNull(),
    provider: text('provider').$type<ConnectorProvider>().notNull(),
    /** The provider's id for it (Google: the OAuth client id). */
    providerAppId: text('provider_app_id').notNull(),
    name: text('name').notNull(),
    catalogSlug: text('catalog_slug'),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    usersCount: integer('users_count').notNull().default(0),
    /** Seats the provider reports purchased for it (a seats connector, e.g. Slack), while not in the inventory. */
    seatsPurchased: integer('seats_purchased'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    status: text('status').$type<DiscoveredStatus>().notNull().default('new'),
    /** The application it is (added, or matched in the inventory). */
    subscriptionId: uuid('subscription_id'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('discovered_apps_connection_fk', t, t.connectionId, connections, 'cascade'),
    tenantReference('discovered_apps_subscription_fk', t, t.subscriptionId, subscriptions, 'clear'),
    uniqueIndex('discovered_apps_org_provider_app_idx').on(t.organizationId, t.connectionId, t.providerAppId),
    index('discovered_apps_org_status_idx').on(t.organizationId, t.status, t.usersCount),
  ],
);

/**
 * A person's activity in an application as the provider reports it (grants, sign-ins): first and
 * last seen, one row per connection, application and e-mail, so a re-read adds nothing.
 */
export const connectorActivity = tenantTable(
  'connector_activity',
  {
    connectionId: uuid('connection_id').notNull(),
    /** The provider's application id; `login` for sign-ins to the provider itself. */
    providerAppId: text('provider_app_id').notNull(),
    /** Lower case. */
    email: text('email').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The person withdrew the grant (Google `revoke`) after the last grant. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    tenantReference('connector_activity_connection_fk', t, t.connectionId, connections, 'cascade'),
    // E-mails are stored lower-cased.
    uniqueIndex('connector_activity_org_app_email_idx').on(
      t.organizationId,
      t.connectionId,
      t.providerAppId,
      t.email,
    ),
  ],
);
