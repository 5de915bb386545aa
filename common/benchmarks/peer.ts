// Placing a price among peers from the aggregate's deciles (p10…p90; the aggregate keeps no minimum
// or maximum, which would be one organization's own price).
import type { SeatBand } from '../contracts/benchmarks';

/**
 * Where `value` falls among peers, 10–90: linear between the deciles; at or below p10 it is 10, at or
 * above p90 it is 90. Null without deciles.
 */
export function percentileAmong(value: number, deciles: readonly number[]): number | null {
  if (deciles.length === 0) return null;
  const step = 80 / Math.max(1, deciles.length - 1);
  if (value <= deciles[0]) return 10;
  for (let i = 1; i < deciles.length; i += 1) {
    const lo = deciles[i - 1];
    const hi = deciles[i];
    if (value <= hi) {
      const within = hi === lo ? 1 : (value - lo) / (hi - lo);
      return Math.round(10 + step * (i - 1 + within));
    }
  }
  return 90;
}

/** The key of a peer cell (the aggregate's unique index). */
export interface PeerCellKey {
  catalogSlug: string;
  /** The catalogue plan the tier names; '' when it names none. */
  plan: string;
  seatBand: SeatBand;
  term: string;
  unit: 'user' | 'flat';
}

export const peerCellKey = (k: PeerCellKey) => [k.catalogSlug, k.plan, k.seatBand, k.term, k.unit].join('|');
