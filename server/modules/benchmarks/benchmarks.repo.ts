// Reads and writes of the benchmarks module. Every organization's own rows are read filtered by it;
// peer figures come only from the installation-wide aggregate (peer_benchmarks), never from others' rows.
import { notArchived } from '../../db/live-applications';
import { and, asc, count, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  benchmarkSettings,
  groupOfferRequests,
  groupOffers,
  peerBenchmarkRuns,
  peerBenchmarks,
} from '../../db/schema';
import { licensePoolsOf, seatsOf } from '../licenses';
import { subscriptionsOf, type SubscriptionRow } from '../subscriptions';

export type { SubscriptionRow };
export type PeerCellRow = typeof peerBenchmarks.$inferSelect;

export async function findSubscriptions(
  db: DbOrTx,
  orgId: string,
  ids: readonly string[],
): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  const app = subscriptionsOf(orgId, 'app');
  return db
    .select()
    .from(app)
    .where(and(inArray(app.id, [...ids]), notArchived(app)));
}

/** The license tiers of some applications, with their assigned seats (for tiers of unlimited seats). */
export async function poolsOf(db: DbOrTx, orgId: string, subscriptionIds: readonly string[]) {
  if (subscriptionIds.length === 0) return [];
  const pool = licensePoolsOf(orgId);
  const seat = seatsOf(orgId);
  const columns = {
    id: pool.id,
    subscriptionId: pool.subscriptionId,
    tierName: pool.tierName,
    seats: pool.seats,
    unitPriceMinor: pool.unitPriceMinor,
    billingCycle: pool.billingCycle,
    intervalMonths: pool.intervalMonths,
    currency: pool.currency,
  };
  return db
    .select({ ...columns, assigned: count(seat.id) })
    .from(pool)
    .leftJoin(seat, and(eq(seat.poolId, pool.id), isNull(seat.unassignedAt)))
    .where(inArray(pool.subscriptionId, [...subscriptionIds]))
    .groupBy(...Object.values(columns), pool.createdAt)
    .orderBy(asc(pool.createdAt), asc(pool.tierName));
}

export interface StoredBenchmarkSettings {
  peerSharing: boolean;
  selectedSubscriptionIds: string[];
}

export async function settingsOf(db: DbOrTx, orgId: string): Promise<StoredBenchmarkSettings> {
  const [row] = await db
    .select({
      peerSharing: benchmarkSettings.peerSharing,
      selectedSubscriptionIds: benchmarkSettings.selectedSubscriptionIds,
    })
    .from(benchmarkSettings)
    .where(eq(benchmarkSettings.organizationId, orgId));
  return row ?? { peerSharing: true, selectedSubscriptionIds: [] };
}

export async function saveSettings(db: DbOrTx, orgId: string, values: Partial<StoredBenchmarkSettings>) {
  await db
    .insert(benchmarkSettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: benchmarkSettings.organizationId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** The aggregate's cells of some catalogue applications. */
export async function peerCellsOf(db: DbOrTx, slugs: readonly string[]): Promise<PeerCellRow[]> {
  if (slugs.length === 0) return [];
  return db
    .select()
    .from(peerBenchmarks)
    .where(inArray(peerBenchmarks.catalogSlug, [...slugs]));
}

/** The last aggregation run (null before the first). */
export async function latestRun(db: DbOrTx) {
  const [row] = await db.select().from(peerBenchmarkRuns).orderBy(desc(peerBenchmarkRuns.runDate)).limit(1);
  return row ?? null;
}

/** Unexpired offers for some catalogue applications, with this organization's request (if any). */
export async function offersFor(db: DbOrTx, orgId: string, slugs: readonly string[], today: string) {
  if (slugs.length === 0) return [];
  return db
    .select({
      id: groupOffers.id,
      catalogSlug: groupOffers.catalogSlug,
      title: groupOffers.title,
      discountPercent: groupOffers.discountPercent,
      conditions: groupOffers.conditions,
      expiresOn: groupOffers.expiresOn,
      requestedAt: groupOfferRequests.requestedAt,
    })
    .from(groupOffers)
    .leftJoin(
      groupOfferRequests,
      and(eq(groupOfferRequests.organizationId, orgId), eq(groupOfferRequests.offerId, groupOffers.id)),
    )
    .where(
      and(
        inArray(groupOffers.catalogSlug, [...slugs]),
        or(isNull(groupOffers.expiresOn), gte(groupOffers.expiresOn, today)),
      ),
    )
    .orderBy(groupOffers.createdAt);
}
