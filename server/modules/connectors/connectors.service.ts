// Settings → Integrations: each provider's state, connecting (OAuth 2.0 authorization code with
// PKCE, the state bound to the organization and member, single use; or an API token and the
// organization's domain, proven before it is stored), disconnecting, "Sync now".
import {
  CONNECTOR_LABELS,
  CONNECTOR_PROVIDERS,
  type ConnectorProvider,
  type ConnectTokenInput,
  emptyRunCounts,
} from '../../../common/contracts/connectors';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { assertPublicUrl, BlockedUrlError } from '../../lib/safe-http';
import { newToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import * as repo from './connectors.repo';
import { enqueueConnectorSync, manualSlot } from './connectors.job';
import {
  apiClient,
  NeedsReconnectError,
  pkcePair,
  ProviderBusyError,
  ProviderError,
  siteFetch,
  tokenRequest,
} from './provider-http';
import { CONNECTORS } from './registry';
import { readPrivateKey, serviceAppToken } from './service-app';

/** Where the provider sends the browser back (registered with the provider's OAuth client). */
export const callbackUrl = (deps: ServiceDeps) => `${deps.env.APP_URL}/api/connectors/oauth/callback`;

function presentRun(run: repo.RunRow | undefined) {
  if (!run) return null;
  return {
    id: run.id,
    status: run.status,
    reason: run.reason,
    step: run.step,
    counts: { ...emptyRunCounts(), ...run.counts },
    error: run.error,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export async function listConnectors(deps: ServiceDeps, ctx: RequestContext) {
  const connections = await repo.listConnections(deps.db, ctx.orgId);
  const runs = await repo.latestRuns(deps.db, ctx.orgId);
  return {
    connectors: CONNECTOR_PROVIDERS.map((provider) => {
      const connection = connections.find((c) => c.provider === provider);
      return {
        provider,
        label: CONNECTOR_LABELS[provider],
        auth: CONNECTORS[provider].auth,
        configured:
          CONNECTORS[provider].auth === 'api_token' || CONNECTORS[provider].oauth(deps.env) !== null,
        connection: connection
          ? {
              id: connection.id,
              status: connection.status,
              accountEmail: connection.accountEmail,
              siteUrl: connection.siteUrl,
              scopes: connection.scopes,
              lastSyncAt: connection.lastSyncAt,
              connectedAt: connection.createdAt,
              lastRun: presentRun(runs.find((r) => r.connectionId === connection.id)),
            }
          : null,
      };
    }),
  };
}

function oauthOf(deps: ServiceDeps, provider: ConnectorProvider) {
  if (CONNECTORS[provider].auth !== 'oauth')
    throw new AppError('bad_request', `${CONNECTOR_LABELS[provider]} is connected with an API token.`);
  const oauth = CONNECTORS[provider].oauth(deps.env);
  if (!oauth)
    throw new AppError('bad_request', `${CONNECTOR_LABELS[provider]} is not configured on this server.`);
  return oauth;
}

/** The provider's consent page to send the browser to. */
export async function startConnect(deps: ServiceDeps, ctx: RequestContext, provider: ConnectorProvider) {
  const oauth = oauthOf(deps, provider);
  const state = newToken(24);
  const { verifier, challenge } = pkcePair();
  await repo.insertOauthState(deps.db, ctx.orgId, {
    state,
    provider,
    userId: ctx.userId,
    codeVerifier: verifier,
    now: deps.clock.now(),
  });
  const url = new URL(oauth.authorizeUrl);
  const params = {
    client_id: oauth.clientId,
    redirect_uri: callbackUrl(deps),
    response_type: 'code',
    scope: oauth.scopes.join(oauth.scopeSeparator ?? ' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...oauth.authorizeParams,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return { authorizeUrl: url.toString() };
}

/**
 * The provider's answer: the state must be this member's, in this organization, unused and fresh;
 * the code is exchanged with the PKCE verifier, the tokens stored sealed, and the first sync queued.
 * Answers the provider connected (the route redirects to Settings → Integrations).
 */
export async function finishConnect(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: { state: string; code?: string; error?: string; realmId?: string },
): Promise<ConnectorProvider> {
  const now = deps.clock.now();
  const pending = await repo.consumeOauthState(deps.db, ctx.orgId, ctx.userId, query.state, now);
  if (!pending)
    throw new AppError('bad_request', 'This connection attempt expired or was already used. Connect again.');
  if (query.error || !query.code)
    throw new AppError(
      'bad_request',
      `${CONNECTOR_LABELS[pending.provider]} did not grant access (${query.error ?? 'no code'}).`,
    );
  const oauth = oauthOf(deps, pending.provider);
  const tokens = await tokenRequest(
    oauth.tokenUrl,
    {
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: callbackUrl(deps),
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
      code_verifier: pending.codeVerifier,
    },
    now,
    oauth.clientAuth,
  ).catch((error: unknown) => {
    throw new AppError(
      'bad_request',
      `${CONNECTOR_LABELS[pending.provider]} refused the authorization: ${(error as Error).message}`,
    );
  });
  const connector = CONNECTORS[pending.provider];
  const account = connector.connectedAccount
    ? await connector
        .connectedAccount({ env: deps.env, accessToken: tokens.accessToken, callback: query })
        .catch((error: unknown) => {
          throw new AppError(
            'bad_request',
            `${CONNECTOR_LABELS[pending.provider]}: ${(error as Error).message}`,
          );
        })
    : { accountId: null };
  const connection = await deps.db.transaction(async (tx) => {
    const row = await repo.saveConnection(tx, deps.secrets, ctx.orgId, {
      provider: pending.provider,
      tokens,
      scopes: tokens.scopes ?? oauth.scopes,
      accountEmail: account.accountEmail ?? null,
      accountId: account.accountId,
      createdBy: ctx.userId,
      now,
    });
    await recordAudit(tx, ctx, {
      action: 'connector.connect',
      entityType: 'connection',
      entityId: row.id,
      changes: { provider: pending.provider, scopes: row.scopes },
    });
    return row;
  });
  await enqueueConnectorSync(
    deps,
    { orgId: ctx.orgId, connectionId: connection.id, reason: 'connect' },
    `connect-${now.getTime()}`,
  );
  return pending.provider;
}

/** The provider's refusal of what the admin pasted, as the message they see (nothing stored). */
async function checked<T>(label: string, siteUrl: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NeedsReconnectError)
      throw new AppError('validation_error', `${label} refused this ${what} (invalid, expired or revoked).`);
    if (error instanceof ProviderError && (error.status === 403 || error.status === 404))
      throw new AppError(
        'validation_error',
        `${label} at ${siteUrl} did not accept this ${what} (HTTP ${error.status}).`,
      );
    if (
      error instanceof ProviderError ||
      error instanceof ProviderBusyError ||
      error instanceof BlockedUrlError
    )
      throw new AppError('bad_request', `Could not check the ${what} with ${label}: ${error.message}`);
    throw new AppError('bad_request', `Could not reach ${label} at ${siteUrl}.`);
  }
}

/**
 * Connects an API-token provider (Okta): the domain is checked (https, a public address), then the
 * API token, or the OAuth service app (one token request and one API call), is proven before
 * anything is stored, then sealed; the first sync is queued. Secrets never leave the server again.
 */
export async function connectWithToken(
  deps: ServiceDeps,
  ctx: RequestContext,
  provider: ConnectorProvider,
  input: ConnectTokenInput,
) {
  const connector = CONNECTORS[provider];
  const settings = connector.apiToken;
  const label = CONNECTOR_LABELS[provider];
  if (!settings) throw new AppError('bad_request', `${label} is connected through its consent page.`);
  const site = settings.siteUrl(input.domain, deps.env);
  if ('error' in site) throw new AppError('validation_error', site.error);
  try {
    await assertPublicUrl(site.url, { allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE });
  } catch (error) {
    if (error instanceof BlockedUrlError)
      throw new AppError('validation_error', `${site.url}: ${error.message}`);
    throw error;
  }
  const now = deps.clock.now();
  const api = (token: string, authorization?: (token: string) => string) =>
    apiClient({
      baseUrl: connector.apiBaseUrl(deps.env, site.url),
      accessToken: async () => token,
      refresh: async () => {
        throw new NeedsReconnectError();
      },
      authorization,
      fetch: siteFetch(deps.env),
      maxAttempts: 2,
      maxWaitMs: 5_000,
    });

  let access: {
    tokens: { accessToken: string; refreshToken: null; expiresAt: Date | null };
    scopes: string[];
    accountEmail: string | null;
    serviceApp: { clientId: string; privateKey: string } | null;
  };
  if (input.method === 'service_app') {
    const app = settings.serviceApp;
    if (!app) throw new AppError('bad_request', `${label} has no service app connection.`);
    const key = readPrivateKey(input.privateKey ?? '');
    if ('error' in key) throw new AppError('validation_error', key.error);
    const credentials = { clientId: input.clientId ?? '', privateKey: input.privateKey ?? '' };
    const tokens = await checked(label, site.url, 'service app', () =>
      serviceAppToken(deps.env, app, { siteUrl: site.url, ...credentials }, now),
    );
    await checked(label, site.url, 'service app', () => app.verify(api(tokens.accessToken)));
    access = {
      tokens: { accessToken: tokens.accessToken, refreshToken: null, expiresAt: tokens.expiresAt },
      scopes: tokens.scopes ?? app.scopes,
      accountEmail: null,
      serviceApp: credentials,
    };
  } else {
    const token = input.token ?? '';
    const verified = await checked(label, site.url, 'API token', () =>
      settings.verify(api(token, settings.authorization)),
    );
    access = {
      tokens: { accessToken: token, refreshToken: null, expiresAt: null },
      scopes: [],
      accountEmail: verified.accountEmail,
      serviceApp: null,
    };
  }
  const connection = await deps.db.transaction(async (tx) => {
    const row = await repo.saveConnection(tx, deps.secrets, ctx.orgId, {
      provider,
      tokens: access.tokens,
      scopes: access.scopes,
      accountEmail: access.accountEmail,
      siteUrl: site.url,
      serviceApp: access.serviceApp,
      createdBy: ctx.userId,
      now,
    });
    await recordAudit(tx, ctx, {
      action: 'connector.connect',
      entityType: 'connection',
      entityId: row.id,
      changes: { provider, siteUrl: site.url, method: input.method },
    });
    return row;
  });
  await enqueueConnectorSync(
    deps,
    { orgId: ctx.orgId, connectionId: connection.id, reason: 'connect' },
    `connect-${now.getTime()}`,
  );
  return { connected: true, siteUrl: site.url };
}

async function connectionOrThrow(deps: ServiceDeps, ctx: RequestContext, provider: ConnectorProvider) {
  const connection = await repo.findConnectionOf(deps.db, ctx.orgId, provider);
  if (!connection || connection.status === 'disconnected') throw notFound('Connection');
  return connection;
}

/** Stops syncing and forgets the tokens; what was imported stays. */
export async function disconnect(deps: ServiceDeps, ctx: RequestContext, provider: ConnectorProvider) {
  const connection = await connectionOrThrow(deps, ctx, provider);
  await deps.db.transaction(async (tx) => {
    await repo.disconnectConnection(tx, ctx.orgId, connection.id, deps.clock.now());
    await recordAudit(tx, ctx, {
      action: 'connector.disconnect',
      entityType: 'connection',
      entityId: connection.id,
      changes: { provider },
    });
  });
}

/** "Sync now": queues the connection's sync (a repeat within the minute is the same job). */
export async function syncNow(deps: ServiceDeps, ctx: RequestContext, provider: ConnectorProvider) {
  const connection = await connectionOrThrow(deps, ctx, provider);
  // A server without an OAuth provider's client cannot sync: say so, queue nothing.
  if (CONNECTORS[provider].auth === 'oauth') oauthOf(deps, provider);
  if (connection.status === 'needs_reconnect')
    throw new AppError('conflict', `Reconnect ${CONNECTOR_LABELS[provider]} before syncing.`);
  await enqueueConnectorSync(
    deps,
    { orgId: ctx.orgId, connectionId: connection.id, reason: 'manual' },
    manualSlot(deps),
  );
  return { runQueued: true };
}
