// The seats an application needs at its renewal: those in use (active, or newly provisioned) plus a
// buffer, rounded up to a whole seat. Shared by renewal right-sizing and renewal-at-risk.
import type { InsightSettings } from '../../../../common/insights/settings';
import type { SnapshotApplication, SnapshotAssignment, SnapshotPool } from '../snapshot';
import { seatsToRenew } from '../../../../common/insights/arithmetic';
import {
  freeSeatUnit,
  hasUsageData,
  isActiveSeat,
  isIdle,
  isRecentlyProvisioned,
  seatPrice,
  seatUnit,
  type SnapshotIndex,
} from './facts';

export interface PoolSizing {
  pool: SnapshotPool;
  purchased: number;
  /** Held seats not idle: the active ones plus `newlyAssigned` (every held seat when usage is unknown). */
  inUse: number;
  /** Seats assigned within the grace period and not used yet: in use, but not active users. */
  newlyAssigned: number;
  needed: number;
  /** The seats to drop, free ones first, then the longest idle: their claim units. */
  drop: Array<{ unit: string; seat: SnapshotAssignment | null }>;
}

export function sizePools(
  app: SnapshotApplication,
  index: SnapshotIndex,
  settings: InsightSettings,
  today: string,
): PoolSizing[] {
  // Without usage data every held seat counts as in use: only seats nobody holds can be dropped.
  const usageKnown = hasUsageData(app.id, index);
  return (index.poolsOf.get(app.id) ?? []).flatMap((pool) => {
    if (pool.seats === null) return [];
    const seats = index.seatsOfPool.get(pool.id) ?? [];
    const idle = seats
      .filter((s) => usageKnown && isIdle(s, settings, today))
      .sort((a, b) => (a.lastActiveDate ?? '').localeCompare(b.lastActiveDate ?? ''));
    const inUse = seats.length - idle.length;
    const newlyAssigned = usageKnown
      ? seats.filter((s) => isRecentlyProvisioned(s, settings, today) && !isActiveSeat(s, settings, today))
          .length
      : 0;
    const needed = seatsToRenew(inUse, settings.seatBufferPct);
    const surplus = pool.seats - needed;
    if (surplus <= 0) return [{ pool, purchased: pool.seats, inUse, newlyAssigned, needed, drop: [] }];
    const free = Math.max(0, pool.seats - seats.length);
    const drop = [
      ...Array.from({ length: Math.min(free, surplus) }, (_, i) => ({
        unit: freeSeatUnit(pool.id, i + 1),
        seat: null,
      })),
      ...idle.slice(0, Math.max(0, surplus - free)).map((seat) => ({ unit: seatUnit(seat), seat })),
    ];
    return [{ pool, purchased: pool.seats, inUse, newlyAssigned, needed, drop }];
  });
}

/** The seats a sizing drops, each priced: what a renewal detector's saving is made of. */
export function pricedDrops(
  sizing: PoolSizing[],
  app: SnapshotApplication,
  index: SnapshotIndex,
  currency: string,
) {
  return sizing.flatMap((s) =>
    s.drop.map((d) => ({
      applicationId: app.id,
      poolId: s.pool.id,
      unit: d.unit,
      price: seatPrice(s.pool, app, index, currency),
    })),
  );
}
