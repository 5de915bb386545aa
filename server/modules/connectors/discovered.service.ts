// The Discovered list: applications a connector saw people grant access to that the inventory does
// not hold. Add creates the application with a seat for each of its users (their activity as the
// seats' last use); Ignore hides it. Noise (one user, sign-in scopes only) is ranked down.
import { findCatalogApp } from '../../../common/catalog';
import {
  CONNECTOR_LABELS,
  type DiscoveredStatus,
  isDirectoryProvider,
  isLowSignal,
} from '../../../common/contracts/connectors';
import { assignBody, createPoolBody } from '../../../common/contracts/licenses';
import { createSubscriptionBody } from '../../../common/contracts/subscriptions';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, ServiceDeps } from '../../types';
import { assignPeople, createPool, recordSeatActivity } from '../licenses';
import { createSubscription } from '../subscriptions';
import * as repo from './discovery.repo';
import { CONNECTORS } from './registry';

function present(row: repo.DiscoveredRow) {
  return {
    id: row.id,
    provider: row.provider,
    providerAppId: row.providerAppId,
    name: row.name,
    catalogSlug: row.catalogSlug,
    scopes: row.scopes,
    usersCount: row.usersCount,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
    status: row.status,
    lowSignal: isLowSignal(row),
    subscriptionId: row.subscriptionId,
  };
}

/** Most users first; low-signal applications after the rest. */
export async function listDiscoveredApps(deps: ServiceDeps, ctx: RequestContext, status: DiscoveredStatus) {
  const apps = (await repo.listDiscovered(deps.db, ctx.orgId, status)).map(present);
  return { apps: [...apps.filter((a) => !a.lowSignal), ...apps.filter((a) => a.lowSignal)] };
}

async function newOrThrow(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await repo.findDiscovered(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Discovered application');
  if (row.status === 'added') throw conflict(`${row.name} is already in your applications.`);
  return row;
}

export async function ignoreDiscoveredApp(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await newOrThrow(deps, ctx, id);
  await deps.db.transaction(async (tx) => {
    await repo.setDiscoveredStatus(tx, ctx.orgId, id, { status: 'ignored', now: deps.clock.now() });
    await recordAudit(tx, ctx, {
      action: 'connector.discovered_ignore',
      entityType: 'discovered_app',
      entityId: id,
      changes: { name: row.name },
    });
  });
}

/** Creates the application (plan limits apply), a seat for each active user, their activity as last use. */
export async function addDiscoveredApp(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await newOrThrow(deps, ctx, id);
  const catalog = row.catalogSlug ? findCatalogApp(row.catalogSlug) : undefined;
  const users = await repo.usersOfDiscovered(deps.db, ctx.orgId, row);
  const app = await createSubscription(
    deps,
    ctx,
    createSubscriptionBody.parse({
      name: catalog?.name ?? row.name,
      catalogSlug: catalog?.slug ?? null,
      vendorName: catalog ? undefined : row.name,
      pricingModel: 'per-seat',
      seats: Math.max(users.length, 1),
      ...(catalog ? {} : { unitPriceMinor: 0 }),
      notes: `Discovered by ${CONNECTOR_LABELS[row.provider]} (${row.usersCount} users).`,
    }),
  );
  const pool = await createPool(deps, ctx, createPoolBody.parse({ subscriptionId: app.id }));
  const activePeople = [...new Set(users.filter((u) => u.status === 'active').map((u) => u.personId))];
  const active = activePeople.length
    ? await assignPeople(deps, ctx, pool.id, assignBody.parse({ personIds: activePeople }))
    : null;
  const seats = active?.assigned.length ?? 0;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.setDiscoveredStatus(tx, ctx.orgId, id, { status: 'added', subscriptionId: app.id, now });
    const activity = await repo.seatActivityFromConnector(
      tx,
      ctx.orgId,
      row.connectionId,
      CONNECTORS[row.provider].ownCatalogSlug,
    );
    if (isDirectoryProvider(row.provider))
      await recordSeatActivity(tx, ctx.orgId, activity, { signal: 'sign-in', source: row.provider });
    await recordAudit(tx, ctx, {
      action: 'connector.discovered_add',
      entityType: 'subscription',
      entityId: app.id,
      changes: { name: row.name, providerAppId: row.providerAppId, seats },
    });
  });
  return { subscriptionId: app.id, seats };
}
