import { notArchived } from '../../db/live-applications';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools } from '../../db/schema';
import { everyColumnOf } from '../../db/sql-helpers';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { allocatedThrough } from '../entities';
import { settingsItemsOf } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { seatActiveSince } from './active-users.repo';

export type PoolRow = typeof licensePools.$inferSelect;
export type PoolInsert = typeof licensePools.$inferInsert;

/** The organization's license pools (every column) as a join-able subquery. */
export function licensePoolsOf<A extends string = 'pool'>(orgId: string, alias = 'pool' as A) {
  return everyColumnOf(licensePools, eq(licensePools.organizationId, orgId), alias);
}

/** Whether the organization has this license pool. */
export async function licensePoolExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: licensePools.id })
    .from(licensePools)
    .where(and(eq(licensePools.organizationId, orgId), eq(licensePools.id, id)));
  return Boolean(row);
}

/** Pools with their application's name, owner and category; `app` is the joined application. */
function selectPools(db: DbOrTx, orgId: string) {
  const app = subscriptionsOf(orgId, 'app');
  const category = settingsItemsOf(orgId, 'categories', 'category');
  const query = db
    .select({
      pool: licensePools,
      subscriptionName: app.name,
      ownerUserId: app.ownerUserId,
      category: category.name,
    })
    .from(licensePools)
    .innerJoin(app, eq(app.id, licensePools.subscriptionId))
    .leftJoin(category, eq(category.id, app.categoryId));
  return { app, query };
}

/** Pools of live (not archived) applications, with the application's name, owner and category. */
export async function listPools(
  db: DbOrTx,
  orgId: string,
  filter: { subscriptionId?: string } & AllocationFilter = {},
) {
  const { app, query } = selectPools(db, orgId);
  return query
    .where(
      and(
        eq(licensePools.organizationId, orgId),
        notArchived(app),
        filter.subscriptionId ? eq(licensePools.subscriptionId, filter.subscriptionId) : undefined,
        allocatedThrough(
          orgId,
          { kind: 'license_pool', id: licensePools.id },
          { kind: 'subscription', id: licensePools.subscriptionId },
          filter,
        ),
      ),
    )
    .orderBy(asc(app.name), asc(licensePools.tierName));
}
export type PoolListRow = Awaited<ReturnType<typeof listPools>>[number];

export async function findPool(db: DbOrTx, orgId: string, poolId: string) {
  const { app, query } = selectPools(db, orgId);
  const [row] = await query.where(
    and(eq(licensePools.organizationId, orgId), eq(licensePools.id, poolId), notArchived(app)),
  );
  return row ?? null;
}

/** Locks the pool row so concurrent assignments to it are counted one after another. */
export async function lockPool(db: DbOrTx, orgId: string, poolId: string) {
  const [row] = await db
    .select({ id: licensePools.id })
    .from(licensePools)
    .where(and(eq(licensePools.organizationId, orgId), eq(licensePools.id, poolId)))
    .for('update');
  return row ?? null;
}

export async function findLiveSubscription(db: DbOrTx, orgId: string, subscriptionId: string) {
  const app = subscriptionsOf(orgId);
  const [row] = await db
    .select()
    .from(app)
    .where(and(eq(app.id, subscriptionId), notArchived(app)));
  return row ?? null;
}

export async function insertPool(db: DbOrTx, values: PoolInsert) {
  const [row] = await db.insert(licensePools).values(values).returning();
  return row;
}

export async function updatePool(db: DbOrTx, orgId: string, poolId: string, values: Partial<PoolInsert>) {
  const [row] = await db
    .update(licensePools)
    .set(values)
    .where(and(eq(licensePools.organizationId, orgId), eq(licensePools.id, poolId)))
    .returning();
  return row ?? null;
}

export async function deletePool(db: DbOrTx, orgId: string, poolId: string) {
  const [row] = await db
    .delete(licensePools)
    .where(and(eq(licensePools.organizationId, orgId), eq(licensePools.id, poolId)))
    .returning({ id: licensePools.id });
  return row ?? null;
}

/**
 * Per pool: open seats, active ones (last activity on or after `since`, the day the organization's
 * activity window starts: see active-users.ts) and how many have any recorded activity.
 */
export async function seatCounts(db: DbOrTx, orgId: string, since: string, poolIds?: string[]) {
  if (poolIds && poolIds.length === 0) return new Map<string, SeatCount>();
  const rows = await db
    .select({
      poolId: licenseAssignments.poolId,
      assigned: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${seatActiveSince(licenseAssignments.lastActiveAt, since)})::int`,
      withUsage: sql<number>`count(*) filter (where ${licenseAssignments.lastActiveAt} is not null)::int`,
    })
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        isNull(licenseAssignments.unassignedAt),
        poolIds ? inArray(licenseAssignments.poolId, poolIds) : undefined,
      ),
    )
    .groupBy(licenseAssignments.poolId);
  return new Map(rows.map((r) => [r.poolId, r]));
}
export interface SeatCount {
  poolId: string;
  assigned: number;
  active: number;
  /** Open seats with a recorded activity date. */
  withUsage: number;
}
