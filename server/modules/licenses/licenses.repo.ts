import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools, settingsItems, subscriptions } from '../../db/schema';

export type PoolRow = typeof licensePools.$inferSelect;
export type PoolInsert = typeof licensePools.$inferInsert;

const poolColumns = {
  pool: licensePools,
  subscriptionName: subscriptions.name,
  ownerUserId: subscriptions.ownerUserId,
  category: settingsItems.name,
};

/** Pools of live (not archived) applications, with the application's name, owner and category. */
export async function listPools(db: DbOrTx, orgId: string, filter: { subscriptionId?: string } = {}) {
  return db
    .select(poolColumns)
    .from(licensePools)
    .innerJoin(
      subscriptions,
      and(eq(subscriptions.id, licensePools.subscriptionId), eq(subscriptions.organizationId, orgId)),
    )
    .leftJoin(
      settingsItems,
      and(eq(settingsItems.id, subscriptions.categoryId), eq(settingsItems.organizationId, orgId)),
    )
    .where(
      and(
        eq(licensePools.organizationId, orgId),
        isNull(subscriptions.archivedAt),
        filter.subscriptionId ? eq(licensePools.subscriptionId, filter.subscriptionId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.name), asc(licensePools.tierName));
}
export type PoolListRow = Awaited<ReturnType<typeof listPools>>[number];

export async function findPool(db: DbOrTx, orgId: string, poolId: string) {
  const [row] = await db
    .select(poolColumns)
    .from(licensePools)
    .innerJoin(
      subscriptions,
      and(eq(subscriptions.id, licensePools.subscriptionId), eq(subscriptions.organizationId, orgId)),
    )
    .leftJoin(
      settingsItems,
      and(eq(settingsItems.id, subscriptions.categoryId), eq(settingsItems.organizationId, orgId)),
    )
    .where(
      and(
        eq(licensePools.organizationId, orgId),
        eq(licensePools.id, poolId),
        isNull(subscriptions.archivedAt),
      ),
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
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        eq(subscriptions.id, subscriptionId),
        isNull(subscriptions.archivedAt),
      ),
    );
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

/** Per pool: open seats, active ones (seen since the cutoff) and whether any has real usage data. */
export async function seatCounts(db: DbOrTx, orgId: string, cutoff: Date, poolIds?: string[]) {
  if (poolIds && poolIds.length === 0) return new Map<string, SeatCount>();
  const rows = await db
    .select({
      poolId: licenseAssignments.poolId,
      assigned: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${licenseAssignments.lastActiveAt} >= ${cutoff.toISOString()}::timestamptz)::int`,
      withUsage: sql<number>`count(*) filter (where ${licenseAssignments.source} <> 'manual')::int`,
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
  withUsage: number;
}
