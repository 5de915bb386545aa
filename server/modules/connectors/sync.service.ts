// The sync engine: runs one connection's connector with an authorised client and resumable cursors,
// counts what it did on the run, and afterwards brings counts, discovered users and seats' last use
// up to date. A failed attempt leaves its run `running` with its cursors saved: the job's retry (or
// the next sync) continues it where it stopped. A refused refresh token sets the connection
// `needs_reconnect` and stops.
import { matchMerchant } from '../../../common/catalog/merchant';
import {
  emptyRunCounts,
  isAccountingProvider,
  isDirectoryProvider,
  type RunCounts,
} from '../../../common/contracts/connectors';
import { canUseFeature, effectivePlan } from '../../../common/plans';
import { systemContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import { storableSlice } from '../../lib/storable-text';
import type { RequestContext, ServiceDeps } from '../../types';
import { PERSON_SOURCES, type PersonSource } from '../../../common/contracts/people';
import { applyProviderSeats, recordSeatActivity } from '../licenses';
import { connectorExpenseIds, removeConnectorExpenses, upsertConnectorExpenses } from '../expenses';
import { findOrganization } from '../organizations';
import type { StepCursor, SyncSession } from './connector';
import * as repo from './connectors.repo';
import {
  inventoryNames,
  peopleByEmailOrExternalId,
  recountUsers,
  releaseUnlisted,
  seatActivityFromConnector,
  upsertActivity,
  upsertDiscovered,
  SEATS_APP_PREFIX,
} from './discovery.repo';
import { linkManagers, offboardRemoved, syncDirectoryPage, type UnlinkedManager } from './people-sync';
import { apiClient, NeedsReconnectError, siteFetch, tokenRequest } from './provider-http';
import { CONNECTORS } from './registry';
import { serviceAppToken } from './service-app';

/** Refresh an access token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
/** A catalogue match below this is a guess, not a name. */
const CATALOG_CONFIDENCE = 0.7;

export type RunReason = repo.RunRow['reason'];

export interface SyncOptions {
  /** Waits after 429/503 (tests record them instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
  /** The job's last attempt: a failure ends the run as failed instead of leaving it to a retry. */
  finalAttempt?: boolean;
}

/** The context a sync acts in: the system, on behalf of the member who connected (offboarding mails name them). */
function syncContext(
  org: NonNullable<Awaited<ReturnType<typeof findOrganization>>>,
  userId: string | null,
  now: Date,
): RequestContext {
  return { ...systemContext(org.id, 'connector sync', now), userId: userId ?? org.id, role: 'admin', org };
}

/** Links a seen application to the inventory (catalogue slug, else name) and the catalogue. */
function linker(inventory: Awaited<ReturnType<typeof inventoryNames>>) {
  const bySlug = new Map(inventory.flatMap((a) => (a.catalogSlug ? [[a.catalogSlug, a.id] as const] : [])));
  const byName = new Map(inventory.map((a) => [a.name.toLowerCase(), a.id] as const));
  return (name: string) => {
    const match = matchMerchant(name);
    const catalogSlug = match && match.confidence >= CATALOG_CONFIDENCE ? match.app.slug : null;
    const subscriptionId = (catalogSlug && bySlug.get(catalogSlug)) || byName.get(name.toLowerCase()) || null;
    return { catalogSlug, subscriptionId };
  };
}

/** Runs (or continues) the connection's sync. Answers the run's final status. */
export async function runConnectorSync(
  deps: ServiceDeps,
  orgId: string,
  connectionId: string,
  reason: RunReason,
  options: SyncOptions = {},
): Promise<'succeeded' | 'failed' | 'skipped'> {
  const connection = await repo.findConnection(deps.db, orgId, connectionId);
  const org = await findOrganization(deps.db, orgId);
  if (!connection || !org || connection.status === 'disconnected' || connection.status === 'needs_reconnect')
    return 'skipped';
  if (!canUseFeature(effectivePlan(org), 'connectors')) return 'skipped';
  const connector = CONNECTORS[connection.provider];
  const oauth = connector.oauth(deps.env);
  if (connector.auth === 'oauth' && !oauth) return 'skipped';

  const now = deps.clock.now();
  const run =
    (await repo.findRunningRun(deps.db, orgId, connectionId)) ??
    (await repo.insertRun(deps.db, orgId, { connectionId, reason, counts: emptyRunCounts(), now }));
  const counts: RunCounts = { ...emptyRunCounts(), ...run.counts };
  await repo.updateRun(deps.db, orgId, run.id, { attempts: run.attempts + 1, error: null });
  await repo.updateConnection(deps.db, orgId, connectionId, { status: 'syncing', now });
  const ctx = syncContext(org, connection.createdBy, now);
  let cursors = { ...connection.cursors };

  // Tokens: refreshed a minute before they expire, and once after a 401.
  const stored = await repo.readTokens(deps.db, deps.secrets, orgId, connectionId);
  let accessToken = stored?.accessToken ?? null;
  let expiresAt = stored?.expiresAt ?? null;
  // An API token has nothing to refresh with: refused once, it needs a new one. Providers that
  // rotate refresh tokens (Xero) refuse the old one after a refresh: the newest is kept.
  let refreshToken = stored?.refreshToken ?? null;
  // An OAuth service app (Okta) has no refresh token: it asks for a new access token with its key.
  const serviceApp =
    stored?.serviceApp && connector.apiToken?.serviceApp && connection.siteUrl
      ? {
          settings: connector.apiToken.serviceApp,
          credentials: { siteUrl: connection.siteUrl, ...stored.serviceApp },
        }
      : null;
  const refresh = async () => {
    if (serviceApp) {
      const tokens = await serviceAppToken(
        deps.env,
        serviceApp.settings,
        serviceApp.credentials,
        deps.clock.now(),
      );
      await repo.saveTokens(deps.db, deps.secrets, orgId, connectionId, tokens, deps.clock.now());
      accessToken = tokens.accessToken;
      expiresAt = tokens.expiresAt;
      return tokens.accessToken;
    }
    if (!oauth || !refreshToken) throw new NeedsReconnectError();
    const tokens = await tokenRequest(
      oauth.tokenUrl,
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
        ...oauth.refreshParams,
      },
      deps.clock.now(),
      oauth.clientAuth,
    );
    await repo.saveTokens(deps.db, deps.secrets, orgId, connectionId, tokens, deps.clock.now());
    accessToken = tokens.accessToken;
    expiresAt = tokens.expiresAt;
    refreshToken = tokens.refreshToken ?? refreshToken;
    return tokens.accessToken;
  };
  const api = apiClient({
    baseUrl: connector.apiBaseUrl(deps.env, connection.siteUrl),
    sleep: options.sleep,
    // An API token has its own scheme (Okta: SSWS); a service app's access token is a Bearer token.
    ...(connector.apiToken
      ? {
          authorization: serviceApp ? undefined : connector.apiToken.authorization,
          fetch: siteFetch(deps.env),
        }
      : {}),
    accessToken: async () =>
      !accessToken || (expiresAt && expiresAt.getTime() - deps.clock.now().getTime() < REFRESH_MARGIN_MS)
        ? refresh()
        : accessToken,
    refresh,
    answerError: connector.answerError,
  });

  const inventory = await inventoryNames(deps.db, orgId);
  const link = linker(inventory);
  const personSource = (PERSON_SOURCES as readonly string[]).includes(connection.provider)
    ? (connection.provider as PersonSource)
    : null;
  const unlinkedManagers: UnlinkedManager[] = [];
  const session: SyncSession = {
    api,
    env: deps.env,
    now,
    accountId: connection.accountId,
    apiBaseUrl: connector.apiBaseUrl(deps.env, connection.siteUrl),
    async step(name, body) {
      const start: StepCursor = cursors[name] ?? {};
      if (start.doneRun === run.id) return;
      await repo.updateRun(deps.db, orgId, run.id, { step: name, counts });
      const save = async (cursor: StepCursor) => {
        cursors = { ...cursors, [name]: cursor };
        await repo.updateConnection(deps.db, orgId, connectionId, { cursors, now: deps.clock.now() });
        await repo.updateRun(deps.db, orgId, run.id, { counts });
      };
      await body(start, save);
      await save({ ...(cursors[name] ?? {}), pageToken: null, doneRun: run.id });
    },
    async people(persons) {
      // Only a directory (identity provider) creates people; other connectors only match them.
      if (!personSource) throw new Error(`${connection.provider} is not a directory`);
      const page = await syncDirectoryPage(deps, ctx, personSource, persons);
      counts.peopleCreated += page.created;
      counts.peopleUpdated += page.updated;
      counts.peopleOffboarded += page.offboarded;
      unlinkedManagers.push(...page.unlinked);
    },
    async removedPeople(persons) {
      counts.peopleOffboarded += await offboardRemoved(deps, ctx, persons);
    },
    activity: (events) => upsertActivity(deps.db, orgId, connectionId, events),
    async applications(apps) {
      counts.appsDiscovered += await upsertDiscovered(
        deps.db,
        orgId,
        connectionId,
        connection.provider,
        apps.map((app) => ({ ...app, ...link(app.name) })),
        deps.clock.now(),
      );
    },
    async seats(input) {
      const source = connection.provider;
      if (!isDirectoryProvider(source)) return;
      const emails = [...new Set(input.assigned.map((e) => e.toLowerCase()))];
      const app = inventory.find((a) => a.catalogSlug === input.catalogSlug);
      if (!app) {
        // Not in the inventory: the discovered application carries the holders and purchased seats.
        const providerAppId = `${SEATS_APP_PREFIX}${input.catalogSlug}`;
        const at = deps.clock.now();
        counts.appsDiscovered += await upsertDiscovered(
          deps.db,
          orgId,
          connectionId,
          connection.provider,
          [
            {
              providerAppId,
              name: input.productName,
              catalogSlug: input.catalogSlug,
              scopes: [],
              firstSeenAt: at,
              lastSeenAt: at,
              subscriptionId: null,
              seatsPurchased: input.purchased,
            },
          ],
          at,
        );
        // A holder's last use when the provider records it; else they are listed as seen now.
        const lastUse = new Map((input.lastUse ?? []).map((u) => [u.email.toLowerCase(), u.at] as const));
        await upsertActivity(
          deps.db,
          orgId,
          connectionId,
          emails.map((email) => ({ providerAppId, email, seenAt: lastUse.get(email) ?? at })),
        );
        await releaseUnlisted(deps.db, orgId, connectionId, providerAppId, emails, at);
        return;
      }
      const found = await peopleByEmailOrExternalId(deps.db, orgId, emails, []);
      const byEmail = new Map(
        found.filter((p) => p.status === 'active').map((p) => [p.email.toLowerCase(), p.id] as const),
      );
      const ids = (list: string[]) =>
        list.flatMap((e) => {
          const id = byEmail.get(e.toLowerCase());
          return id ? [id] : [];
        });
      const result = await applyProviderSeats(deps, ctx, {
        subscriptionId: app.id,
        tierName: input.productName,
        purchased: input.purchased,
        personIds: [...new Set(ids(emails))],
        lastUse: input.lastUse?.flatMap((u) => ids([u.email]).map((personId) => ({ personId, at: u.at }))),
        source,
      });
      counts.seatsUpdated += result.added + result.released;
    },
    async expenses(lines) {
      if (!isAccountingProvider(connection.provider) || lines.length === 0) return;
      const source = connection.provider;
      const written = await deps.db.transaction((tx) =>
        upsertConnectorExpenses(deps, tx, ctx, source, org.currency, lines),
      );
      counts.expensesImported += written.created;
      counts.expensesUpdated += written.updated;
    },
    async removedExpenses(providerIds) {
      if (!isAccountingProvider(connection.provider) || providerIds.length === 0) return;
      const source = connection.provider;
      counts.expensesRemoved += await deps.db.transaction((tx) =>
        removeConnectorExpenses(deps, tx, orgId, source, providerIds),
      );
    },
    async importedExpenses(prefix) {
      if (!isAccountingProvider(connection.provider)) return [];
      return connectorExpenseIds(deps.db, orgId, connection.provider, prefix);
    },
    count(key, n = 1) {
      counts[key] += n;
    },
  };

  try {
    await connector.sync(session);
  } catch (error) {
    const finishedAt = deps.clock.now();
    if (error instanceof NeedsReconnectError) {
      await repo.updateRun(deps.db, orgId, run.id, {
        status: 'failed',
        error: error.message,
        counts,
        finishedAt,
      });
      await repo.updateConnection(deps.db, orgId, connectionId, {
        status: 'needs_reconnect',
        now: finishedAt,
      });
      return 'failed';
    }
    // The run stays `running` with its cursors: the job's retry continues it. After the last
    // attempt it ends as failed (the cursors stay: the next sync resumes from them).
    const message = storableSlice(error instanceof Error ? error.message : String(error), 500);
    await repo.updateRun(deps.db, orgId, run.id, {
      error: message,
      counts,
      ...(options.finalAttempt ? { status: 'failed' as const, finishedAt } : {}),
    });
    await repo.updateConnection(deps.db, orgId, connectionId, { status: 'connected', now: finishedAt });
    throw error;
  }

  if (personSource) await linkManagers(deps, ctx, personSource, unlinkedManagers);
  await recountUsers(deps.db, orgId, connectionId);
  const seats = await seatActivityFromConnector(deps.db, orgId, connectionId, connector.ownCatalogSlug);
  counts.seatsUpdated += seats.length;
  const finishedAt = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (isDirectoryProvider(connection.provider))
      await recordSeatActivity(tx, orgId, seats, { signal: 'sign-in', source: connection.provider });
    await repo.updateRun(tx, orgId, run.id, {
      status: 'succeeded',
      step: null,
      counts,
      error: null,
      finishedAt,
    });
    await repo.updateConnection(tx, orgId, connectionId, {
      status: 'connected',
      lastSyncAt: finishedAt,
      now: finishedAt,
    });
    await recordAudit(tx, ctx, {
      action: 'connector.sync',
      entityType: 'connection',
      entityId: connectionId,
      changes: { provider: connection.provider, reason: run.reason, ...counts },
    });
  });
  return 'succeeded';
}
