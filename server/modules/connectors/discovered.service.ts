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
import { inTransaction } from '../../lib/acting-context';
import { collectAuditSteps, recordAudit, withSteps } from '../../lib/audit';
import type { RequestContext, ServiceDeps } from '../../types';
import { assignPeople, createPool, recordSeatActivity } from '../licenses';
import { createSubscription } from '../subscriptions';
import * as repo from './discovery.repo';
import { CONNECTORS } from './registry';

/** Seats given per call (the assignment API's limit). */
const ASSIGN_BATCH = 1000;

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
    if (!(await repo.setDiscoveredStatus(tx, ctx.orgId, id, { status: 'ignored', now: deps.clock.now() })))
      throw conflict(`${row.name} is already in your applications.`);
    await recordAudit(tx, ctx, {
      action: 'connector.discovered_ignore',
      entityType: 'discovered_app',
      entityId: id,
      changes: { name: row.name },
    });
  });
}

/**
 * Creates the application (plan limits apply), a seat for each active user, their activity as last
 * use: one action, so all of it or none (a plan limit or a failed step leaves the row in the list),
 * with one audit row naming its steps.
 */
export async function addDiscoveredApp(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await newOrThrow(deps, ctx, id);
  const catalog = row.catalogSlug ? findCatalogApp(row.catalogSlug) : undefined;
  const users = await repo.usersOfDiscovered(deps.db, ctx.orgId, row);
  const now = deps.clock.now();
  // Each active user's seat is held since their first grant the connector saw (so seats idle for
  // months count as idle from the first day); their last use is recorded below with its source.
  const seatsOf = new Map<string, { personId: string; assignedAt: string }>();
  for (const u of users)
    if (u.status === 'active' && !seatsOf.has(u.personId))
      seatsOf.set(u.personId, {
        personId: u.personId,
        // A provider's clock ahead of ours never makes a seat date in the future.
        assignedAt: new Date(Math.min(u.firstSeenAt.getTime(), now.getTime())).toISOString(),
      });
  const assignments = [...seatsOf.values()];
  return deps.db.transaction(async (tx) => {
    const { result, steps } = await collectAuditSteps(inTransaction(ctx, tx), async (inner) => {
      const app = await createSubscription(
        deps,
        inner,
        createSubscriptionBody.parse({
          name: catalog?.name ?? row.name,
          catalogSlug: catalog?.slug ?? null,
          vendorName: catalog ? undefined : row.name,
          pricingModel: 'per-seat',
          seats: Math.max(row.seatsPurchased ?? users.length, 1),
          ...(catalog ? {} : { unitPriceMinor: 0 }),
          notes: `Discovered by ${CONNECTOR_LABELS[row.provider]} (${row.usersCount} users).`,
        }),
      );
      // A seats connector's purchased count, when it gave one, is the pool's.
      const pool = await createPool(
        deps,
        inner,
        createPoolBody.parse({
          subscriptionId: app.id,
          ...(row.seatsPurchased ? { seats: row.seatsPurchased } : {}),
        }),
      );
      let seats = 0;
      for (let i = 0; i < assignments.length; i += ASSIGN_BATCH) {
        const batch = assignBody.parse({ assignments: assignments.slice(i, i + ASSIGN_BATCH) });
        seats += (await assignPeople(deps, inner, pool.id, batch, row.provider)).assigned.length;
      }
      return { subscriptionId: app.id, seats };
    });
    if (
      !(await repo.setDiscoveredStatus(tx, ctx.orgId, id, {
        status: 'added',
        subscriptionId: result.subscriptionId,
        now,
      }))
    )
      throw conflict(`${row.name} was added or ignored meanwhile.`);
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
      entityId: result.subscriptionId,
      changes: withSteps({ name: row.name, providerAppId: row.providerAppId, seats: result.seats }, steps),
    });
    return result;
  });
}
