// Connections (tokens sealed here and only here), their runs and OAuth states. Every query filters
// by organization_id; rows leave without their tokens.
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { ConnectionStatus, ConnectorProvider, RunCounts } from '../../../common/contracts/connectors';
import type { DbOrTx } from '../../db/client';
import { type ConnectorCursors, connections, connectorOauthStates, connectorRuns } from '../../db/schema';
import type { SealedColumnName, SecretBox } from '../../lib/crypto/secret-box';
import { hashToken } from '../../lib/tokens';

const publicColumns = {
  id: connections.id,
  organizationId: connections.organizationId,
  provider: connections.provider,
  status: connections.status,
  accountEmail: connections.accountEmail,
  siteUrl: connections.siteUrl,
  accountId: connections.accountId,
  scopes: connections.scopes,
  cursors: connections.cursors,
  tokenExpiresAt: connections.tokenExpiresAt,
  lastSyncAt: connections.lastSyncAt,
  createdBy: connections.createdBy,
  createdAt: connections.createdAt,
};
export type ConnectionRow = { [K in keyof typeof publicColumns]: (typeof connections.$inferSelect)[K] };

export interface ConnectionTokens {
  accessToken: string;
  /** Kept as it is when a refresh answers none. */
  refreshToken?: string | null;
  expiresAt: Date | null;
}

const context = (column: SealedColumnName, orgId: string) => ({ column, orgId });

export async function listConnections(db: DbOrTx, orgId: string): Promise<ConnectionRow[]> {
  return db.select(publicColumns).from(connections).where(eq(connections.organizationId, orgId));
}

export async function findConnection(db: DbOrTx, orgId: string, id: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
  return row ?? null;
}

export async function findConnectionOf(db: DbOrTx, orgId: string, provider: ConnectorProvider) {
  const [row] = await db
    .select(publicColumns)
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), eq(connections.provider, provider)));
  return row ?? null;
}

/** Stores a consent's tokens (sealed): a new connection, or the same one connected again. */
export async function saveConnection(
  db: DbOrTx,
  secrets: SecretBox,
  orgId: string,
  input: {
    provider: ConnectorProvider;
    tokens: ConnectionTokens;
    scopes: string[];
    accountEmail: string | null;
    /** API-token providers: the organization's address at the provider. */
    siteUrl?: string | null;
    /** The provider account (QuickBooks realmId, Xero tenant id). */
    accountId?: string | null;
    /** An OAuth service app (Okta): its client id and private key; null when connected otherwise. */
    serviceApp?: { clientId: string; privateKey: string } | null;
    createdBy: string;
    now: Date;
  },
): Promise<ConnectionRow> {
  const values = {
    status: 'connected' as const,
    accessToken: secrets.seal(input.tokens.accessToken, context('connections.access_token', orgId)),
    refreshToken: input.tokens.refreshToken
      ? secrets.seal(input.tokens.refreshToken, context('connections.refresh_token', orgId))
      : null,
    tokenExpiresAt: input.tokens.expiresAt,
    scopes: input.scopes,
    accountEmail: input.accountEmail,
    siteUrl: input.siteUrl ?? null,
    accountId: input.accountId ?? null,
    clientId: input.serviceApp?.clientId ?? null,
    clientKey: input.serviceApp
      ? secrets.seal(input.serviceApp.privateKey, context('connections.client_key', orgId))
      : null,
    createdBy: input.createdBy,
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(connections)
    .values({ ...values, organizationId: orgId, provider: input.provider, createdAt: input.now })
    .onConflictDoUpdate({
      target: [connections.organizationId, connections.provider],
      // Another site (an Okta org) or account (a QuickBooks company, a Xero organisation) is
      // another source: its cursors start over.
      set: {
        ...values,
        cursors: sql`case when ${connections.siteUrl} is distinct from excluded.site_url
          or ${connections.accountId} is distinct from excluded.account_id then '{}'::jsonb else ${connections.cursors} end`,
      },
    })
    .returning(publicColumns);
  return row;
}

/** The connection's tokens in plain text, for the sync only (never logged, never answered). */
export async function readTokens(db: DbOrTx, secrets: SecretBox, orgId: string, id: string) {
  const [row] = await db
    .select({
      accessToken: connections.accessToken,
      refreshToken: connections.refreshToken,
      expiresAt: connections.tokenExpiresAt,
      clientId: connections.clientId,
      clientKey: connections.clientKey,
    })
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
  if (!row) return null;
  return {
    accessToken: row.accessToken
      ? secrets.open(row.accessToken, context('connections.access_token', orgId))
      : null,
    refreshToken: row.refreshToken
      ? secrets.open(row.refreshToken, context('connections.refresh_token', orgId))
      : null,
    expiresAt: row.expiresAt,
    serviceApp:
      row.clientId && row.clientKey
        ? {
            clientId: row.clientId,
            privateKey: secrets.open(row.clientKey, context('connections.client_key', orgId)),
          }
        : null,
  };
}

/** A refreshed access token (and a rotated refresh token, when the provider sends one). */
export async function saveTokens(
  db: DbOrTx,
  secrets: SecretBox,
  orgId: string,
  id: string,
  tokens: ConnectionTokens,
  now: Date,
) {
  await db
    .update(connections)
    .set({
      accessToken: secrets.seal(tokens.accessToken, context('connections.access_token', orgId)),
      ...(tokens.refreshToken
        ? { refreshToken: secrets.seal(tokens.refreshToken, context('connections.refresh_token', orgId)) }
        : {}),
      tokenExpiresAt: tokens.expiresAt,
      updatedAt: now,
    })
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
}

export async function updateConnection(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<{ status: ConnectionStatus; cursors: ConnectorCursors; lastSyncAt: Date }> & { now: Date },
) {
  const { now, ...rest } = values;
  await db
    .update(connections)
    .set({ ...rest, updatedAt: now })
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
}

/** Disconnecting forgets the tokens and cursors; what was imported stays. */
export async function disconnectConnection(db: DbOrTx, orgId: string, id: string, now: Date) {
  await db
    .update(connections)
    .set({
      status: 'disconnected',
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      cursors: {},
      updatedAt: now,
    })
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
}

/** Connections the daily sync reads. */
export async function syncableConnections(db: DbOrTx, orgId: string) {
  return db
    .select(publicColumns)
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), inArray(connections.status, ['connected', 'syncing'])));
}

// Runs -------------------------------------------------------------------------------------------

export type RunRow = typeof connectorRuns.$inferSelect;

export async function insertRun(
  db: DbOrTx,
  orgId: string,
  values: { connectionId: string; reason: RunRow['reason']; counts: RunCounts; now: Date },
): Promise<RunRow> {
  const [row] = await db
    .insert(connectorRuns)
    .values({
      organizationId: orgId,
      connectionId: values.connectionId,
      reason: values.reason,
      status: 'running',
      counts: values.counts,
      startedAt: values.now,
    })
    .returning();
  return row;
}

/** The connection's run still `running` (a crash left it, or another attempt is on it). */
export async function findRunningRun(db: DbOrTx, orgId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(connectorRuns)
    .where(
      and(
        eq(connectorRuns.organizationId, orgId),
        eq(connectorRuns.connectionId, connectionId),
        eq(connectorRuns.status, 'running'),
      ),
    )
    .orderBy(desc(connectorRuns.startedAt))
    .limit(1);
  return row ?? null;
}

export async function updateRun(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<Pick<RunRow, 'status' | 'step' | 'counts' | 'error' | 'attempts' | 'finishedAt'>>,
) {
  await db
    .update(connectorRuns)
    .set(values)
    .where(and(eq(connectorRuns.organizationId, orgId), eq(connectorRuns.id, id)));
}

/** Each connection's latest run. */
export async function latestRuns(db: DbOrTx, orgId: string): Promise<RunRow[]> {
  return db
    .selectDistinctOn([connectorRuns.connectionId])
    .from(connectorRuns)
    .where(eq(connectorRuns.organizationId, orgId))
    .orderBy(
      connectorRuns.connectionId,
      desc(connectorRuns.startedAt),
      sql`${connectorRuns.finishedAt} desc nulls first`,
    );
}

// OAuth states -----------------------------------------------------------------------------------

/** Keeps an authorization in flight for 10 minutes (the state stored hashed); clears expired ones. */
export async function insertOauthState(
  db: DbOrTx,
  orgId: string,
  values: { state: string; provider: ConnectorProvider; userId: string; codeVerifier: string; now: Date },
) {
  await db
    .delete(connectorOauthStates)
    .where(
      and(eq(connectorOauthStates.organizationId, orgId), lt(connectorOauthStates.expiresAt, values.now)),
    );
  await db.insert(connectorOauthStates).values({
    organizationId: orgId,
    stateHash: hashToken(values.state),
    provider: values.provider,
    userId: values.userId,
    codeVerifier: values.codeVerifier,
    expiresAt: new Date(values.now.getTime() + 10 * 60 * 1000),
  });
}

/** Takes the state out (single use); null when unknown, expired, or another member's. */
export async function consumeOauthState(db: DbOrTx, orgId: string, userId: string, state: string, now: Date) {
  const [row] = await db
    .delete(connectorOauthStates)
    .where(
      and(
        eq(connectorOauthStates.organizationId, orgId),
        eq(connectorOauthStates.stateHash, hashToken(state)),
        eq(connectorOauthStates.userId, userId),
        gt(connectorOauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
