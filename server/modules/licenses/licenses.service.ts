import type { z } from 'zod';
import { isBillingCycle } from '../../../common/billing';
import type { createPoolBody, licenseSettings, updatePoolBody } from '../../../common/contracts/licenses';
import { combineUtilisation, totalsByCurrency } from '../../../common/licenses';
import { AppError, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { DbOrTx } from '../../db/client';
import type { RequestContext, ServiceDeps } from '../../types';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { DirectoryProvider } from '../../../common/contracts/connectors';
import { dbOf } from '../../lib/acting-context';
import { diffChanges, recordAudit } from '../../lib/audit';
import { hasAllocationFilter } from '../entities';
import { updateOrganization } from '../organizations';
import { applySubscriptionUpdate } from '../subscriptions';
import { activeWindowOf, applicationActivity } from './active-users.repo';
import * as assignmentsRepo from './assignments.repo';
import * as repo from './licenses.repo';
import { presentAssignment, presentPool } from './present';

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof repo.findLiveSubscription>>>;

/** Every pool with utilisation, grouped by application; applications sorted by yearly waste. */
export async function licensesOverview(
  deps: ServiceDeps,
  ctx: RequestContext,
  filter: { subscriptionId?: string } & AllocationFilter = {},
) {
  const window = activeWindowOf(ctx.org, deps.clock.now());
  const days = window.days;
  // Narrowed, the counts and activity are of the pools listed; else of every pool, read at once.
  const narrowed = filter.subscriptionId || hasAllocationFilter(filter);
  const listed = repo.listPools(deps.db, ctx.orgId, filter);
  const poolIds = narrowed ? (await listed).map((r) => r.pool.id) : undefined;
  const [rows, counts, activity] = await Promise.all([
    listed,
    repo.seatCounts(deps.db, ctx.orgId, window.since, poolIds),
    applicationActivity(deps.db, ctx.orgId, window, { poolIds }),
  ]);
  const byApp = new Map<string, typeof rows>();
  for (const row of rows)
    byApp.set(row.pool.subscriptionId, [...(byApp.get(row.pool.subscriptionId) ?? []), row]);
  const applications = [...byApp.values()].map((appRows) => {
    const pools = appRows.map((row) => presentPool(row, counts.get(row.pool.id)));
    const first = appRows[0];
    const usage = activity.get(first.pool.subscriptionId);
    const utilisation = combineUtilisation(pools.map((p) => p.utilisation));
    return {
      subscriptionId: first.pool.subscriptionId,
      name: first.subscriptionName,
      category: first.category,
      currency: first.pool.currency,
      ownerUserId: first.ownerUserId,
      hasUsageData: usage?.hasUsageData ?? false,
      /** Where the latest activity came from (Google Workspace, a usage import…) and when: its freshness. */
      usageSource: usage?.usageSource ?? null,
      lastActivityAt: usage?.lastActivityAt ?? null,
      /** Active users in the window (distinct people: see active-users.ts). */
      activeUsers: usage?.activeUsers ?? 0,
      utilisation,
      /** Tiers with more holders than seats purchased (a true-up may be due). */
      overAssignedPools: pools
        .filter((p) => p.utilisation.overAssigned)
        .map((p) => ({
          poolId: p.id,
          tierName: p.tierName,
          seats: p.seats,
          assigned: p.utilisation.assigned,
        })),
      pools,
    };
  });
  applications.sort(
    (a, b) => b.utilisation.wasteYearlyMinor - a.utilisation.wasteYearlyMinor || a.name.localeCompare(b.name),
  );
  const all = combineUtilisation(applications.map((a) => a.utilisation));
  return {
    inactivityDays: days,
    applications,
    totals: {
      pools: rows.length,
      purchased: all.purchased,
      assigned: all.assigned,
      active: all.active,
      wasteYearly: totalsByCurrency(
        applications.map((a) => ({ currency: a.currency, amountMinor: a.utilisation.wasteYearlyMinor })),
      ),
    },
  };
}

async function poolOrThrow(deps: ServiceDeps, ctx: RequestContext, poolId: string) {
  const row = await repo.findPool(dbOf(ctx, deps.db), ctx.orgId, poolId);
  if (!row) throw notFound('License pool');
  return row;
}

/** One pool as the API shows it, with fresh counts. */
export async function presentPoolById(deps: ServiceDeps, ctx: RequestContext, poolId: string) {
  const row = await poolOrThrow(deps, ctx, poolId);
  const { since } = activeWindowOf(ctx.org, deps.clock.now());
  const counts = await repo.seatCounts(dbOf(ctx, deps.db), ctx.orgId, since, [poolId]);
  return presentPool(row, counts.get(poolId));
}

export async function poolDetail(deps: ServiceDeps, ctx: RequestContext, poolId: string) {
  const pool = await presentPoolById(deps, ctx, poolId);
  const now = deps.clock.now();
  const days = ctx.org.licenseInactivityDays;
  const [open, closed] = await Promise.all([
    assignmentsRepo.openAssignmentsOfPool(deps.db, ctx.orgId, poolId),
    assignmentsRepo.closedAssignmentsOfPool(deps.db, ctx.orgId, poolId),
  ]);
  return {
    ...pool,
    inactivityDays: days,
    assignments: open.map((a) => presentAssignment(a, now, days)),
    history: closed.map((a) => presentAssignment(a, now, days)),
  };
}

/**
 * Seats purchased, one number (issue 31): once a per-seat application has license pools, the pools
 * are its seat count of record (they are where seats are bought and handed out). After every pool
 * write the application's seats become the pools' total (while every tier is limited and in the
 * application's currency), and with a single tier billed in the application's cycle its seat price
 * follows that tier's too, so the application page, the pools, the insights and the pack agree.
 * The change goes through the subscriptions module (price history, audit) like any other edit.
 */
async function syncApplicationSeats(tx: DbOrTx, ctx: RequestContext, subscriptionId: string, now: Date) {
  const app = await repo.findLiveSubscription(tx, ctx.orgId, subscriptionId);
  if (!app || app.pricingModel !== 'per-seat') return;
  const pools = (await repo.listPools(tx, ctx.orgId, { subscriptionId })).map((r) => r.pool);
  if (pools.length === 0 || pools.some((p) => p.seats === null || p.currency !== app.currency)) return;
  // The application's cost is its seats × its seat price: with tiers at other prices (a cheaper guest
  // tier) the pools' total seats at that price would overstate its spend, so it keeps its own seats.
  const [only] = pools;
  const samePrice = pools.every(
    (p) =>
      p.billingCycle === app.billingCycle && p.unitPriceMinor === (app.unitPriceMinor ?? p.unitPriceMinor),
  );
  if (pools.length > 1 && !samePrice) return;
  const change: { seats?: number; unitPriceMinor?: number } = {};
  const seats = pools.reduce((n, p) => n + (p.seats ?? 0), 0);
  if (seats !== app.seats) change.seats = seats;
  if (
    pools.length === 1 &&
    only.billingCycle === app.billingCycle &&
    only.unitPriceMinor > 0 &&
    only.unitPriceMinor !== app.unitPriceMinor
  )
    change.unitPriceMinor = only.unitPriceMinor;
  if (Object.keys(change).length > 0) await applySubscriptionUpdate(tx, ctx, subscriptionId, change, now);
}

/** Seat price and cycle default from the application: its unit price, or its amount per seat. */
function defaultsFrom(app: SubscriptionRow) {
  const perSeat =
    app.unitPriceMinor ?? (app.seats && app.seats > 0 ? Math.round(app.amountMinor / app.seats) : 0);
  return {
    seats: app.seats ?? null,
    unitPriceMinor: perSeat,
    billingCycle: isBillingCycle(app.billingCycle) ? app.billingCycle : 'monthly',
    intervalMonths: app.billingCycle === 'multi-year' ? app.intervalMonths : null,
  };
}

export async function createPool(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.infer<typeof createPoolBody>,
) {
  // In the caller's transaction when it has one (adding a discovered application is one action).
  const db = dbOf(ctx, deps.db);
  const app = await repo.findLiveSubscription(db, ctx.orgId, input.subscriptionId);
  if (!app) throw notFound('Application');
  const defaults = defaultsFrom(app);
  const billingCycle = input.billingCycle ?? defaults.billingCycle;
  const intervalMonths =
    billingCycle === 'multi-year' ? (input.intervalMonths ?? defaults.intervalMonths ?? 24) : null;
  const id = await db
    .transaction(async (tx) => {
      const pool = await repo.insertPool(tx, {
        organizationId: ctx.orgId,
        subscriptionId: app.id,
        tierName: input.tierName,
        seats: input.seats === undefined ? defaults.seats : input.seats,
        unitPriceMinor: input.unitPriceMinor ?? defaults.unitPriceMinor,
        billingCycle,
        intervalMonths,
        currency: app.currency,
        notes: input.notes ?? null,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      });
      await recordAudit(tx, ctx, {
        action: 'license_pool.create',
        entityType: 'license_pool',
        entityId: pool.id,
        changes: { subscriptionId: app.id, tierName: pool.tierName, seats: pool.seats },
      });
      await syncApplicationSeats(tx, ctx, app.id, deps.clock.now());
      return pool.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError('conflict', `${app.name} already has a "${input.tierName}" tier.`);
      throw error;
    });
  return presentPoolById(deps, ctx, id);
}

export async function updatePool(
  deps: ServiceDeps,
  ctx: RequestContext,
  poolId: string,
  input: z.infer<typeof updatePoolBody>,
) {
  const before = (await poolOrThrow(deps, ctx, poolId)).pool;
  const billingCycle = input.billingCycle ?? before.billingCycle;
  const values = {
    ...input,
    intervalMonths:
      billingCycle === 'multi-year' ? (input.intervalMonths ?? before.intervalMonths ?? 24) : null,
  };
  await deps.db
    .transaction(async (tx) => {
      await repo.updatePool(tx, ctx.orgId, poolId, { ...values, updatedAt: deps.clock.now() });
      await recordAudit(tx, ctx, {
        action: 'license_pool.update',
        entityType: 'license_pool',
        entityId: poolId,
        changes: diffChanges(before, values),
      });
      await syncApplicationSeats(tx, ctx, before.subscriptionId, deps.clock.now());
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError('conflict', `A "${input.tierName}" tier already exists.`);
      throw error;
    });
  return presentPoolById(deps, ctx, poolId);
}

/** Deletes a pool with its seats and their history. */
export async function deletePool(deps: ServiceDeps, ctx: RequestContext, poolId: string) {
  const before = await poolOrThrow(deps, ctx, poolId);
  await deps.db.transaction(async (tx) => {
    await repo.deletePool(tx, ctx.orgId, poolId);
    await recordAudit(tx, ctx, {
      action: 'license_pool.delete',
      entityType: 'license_pool',
      entityId: poolId,
      changes: { subscriptionId: before.pool.subscriptionId, tierName: before.pool.tierName },
    });
    await syncApplicationSeats(tx, ctx, before.pool.subscriptionId, deps.clock.now());
  });
}

export async function updateLicenseSettings(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.infer<typeof licenseSettings>,
) {
  await deps.db.transaction(async (tx) => {
    await updateOrganization(
      tx,
      ctx.orgId,
      { licenseInactivityDays: input.inactivityDays },
      deps.clock.now(),
    );
    await recordAudit(tx, ctx, {
      action: 'organization.update',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: diffChanges({ inactivityDays: ctx.org.licenseInactivityDays }, input),
    });
  });
  return { inactivityDays: input.inactivityDays };
}

export interface ProviderSeatsInput {
  subscriptionId: string;
  /** The tier a new pool is named after (the provider's product name). */
  tierName: string;
  /** Seats the provider reports purchased. */
  purchased: number;
  /** People (in People, active) the provider lists as holding a seat. */
  personIds: string[];
  /** Holders' last use as the provider records it (moves a seat's last use forward, never back). */
  lastUse?: Array<{ personId: string; at: Date }>;
  source: DirectoryProvider;
}

/**
 * A connector's seats (Slack, Google Workspace's License Manager): the application's pool kept by
 * the provider (the one already marked with this source, else the only, same-named or largest
 * tier, else a new one) gets the purchased seats and the provider as its seat source with the time; holders it
 * lists get a seat (never twice), holders it no longer lists are released (`connector`). The
 * application's seat count follows the pools as after any pool write. Answers what changed.
 */
export async function applyProviderSeats(deps: ServiceDeps, ctx: RequestContext, input: ProviderSeatsInput) {
  const now = deps.clock.now();
  const pools = (await repo.listPools(deps.db, ctx.orgId, { subscriptionId: input.subscriptionId })).map(
    (r) => r.pool,
  );
  let pool =
    pools.find((p) => p.seatsSource === input.source) ??
    (pools.length === 1 ? pools[0] : undefined) ??
    pools.find((p) => p.tierName.toLowerCase() === input.tierName.toLowerCase()) ??
    // Else the largest tier (a guest tier beside it is not where the provider's seats are).
    [...pools].sort((a, b) => (b.seats ?? Infinity) - (a.seats ?? Infinity))[0];
  if (!pool) {
    const created = await createPool(deps, ctx, {
      subscriptionId: input.subscriptionId,
      tierName: input.tierName,
      seats: input.purchased,
    });
    pool = (await repo.findPool(deps.db, ctx.orgId, created.id))!.pool;
  }
  const poolId = pool.id;
  return deps.db.transaction(async (tx) => {
    await repo.lockPool(tx, ctx.orgId, poolId);
    await repo.updatePool(tx, ctx.orgId, poolId, {
      seats: input.purchased,
      seatsSource: input.source,
      seatsSyncedAt: now,
      updatedAt: now,
    });
    const open = await assignmentsRepo.openAssignmentsOfPool(tx, ctx.orgId, poolId);
    const listed = new Set(input.personIds);
    const holding = new Set(open.map((a) => a.personId));
    // Only seats this connector assigned are its to release: one entered by hand stays.
    const released = await assignmentsRepo.closeAssignments(
      tx,
      ctx.orgId,
      open.filter((a) => a.assignedFrom === input.source && !listed.has(a.personId)).map((a) => a.id),
      now,
      'connector',
    );
    const added = await assignmentsRepo.insertAssignments(
      tx,
      ctx.orgId,
      [...listed]
        .filter((id) => !holding.has(id))
        .map((personId) => ({
          organizationId: ctx.orgId,
          poolId,
          personId,
          assignedAt: now,
          source: input.source,
          assignedFrom: input.source,
        })),
      now,
    );
    const lastUse = new Map((input.lastUse ?? []).map((u) => [u.personId, u.at] as const));
    const seatIds = [...open.filter((a) => listed.has(a.personId)), ...added].flatMap((a) => {
      const seenAt = lastUse.get(a.personId);
      return seenAt ? [{ id: a.id, seenAt }] : [];
    });
    await assignmentsRepo.recordSeatActivity(tx, ctx.orgId, seatIds, {
      signal: 'usage',
      source: input.source,
    });
    if (pool.seats !== input.purchased || added.length > 0 || released.length > 0)
      await recordAudit(tx, ctx, {
        action: 'license_pool.provider_seats',
        entityType: 'license_pool',
        entityId: poolId,
        changes: {
          source: input.source,
          seats: { from: pool.seats, to: input.purchased },
          assigned: added.length,
          released: released.length,
        },
      });
    await syncApplicationSeats(tx, ctx, input.subscriptionId, now);
    return { poolId, added: added.length, released: released.length };
  });
}
