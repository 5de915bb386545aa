// Splitting an amount by shares so the parts always add up to the whole, to the minor unit.

/**
 * Splits `totalMinor` by integer weights (basis points) with the largest-remainder method: each part
 * is the floor of its exact share, and the minor units left over go to the largest remainders (ties
 * to the earlier share). The parts sum to the total exactly; negative totals (refunds) mirror.
 */
export function splitMinor(totalMinor: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`total must be an integer, got ${totalMinor}`);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0 || weightSum <= 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be non-negative integers with a positive sum');
  if (totalMinor < 0) return splitMinor(-totalMinor, weights).map((p) => (p === 0 ? 0 : -p));
  const total = BigInt(totalMinor);
  const sum = BigInt(weightSum);
  const parts = weights.map((w) => (total * BigInt(w)) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * BigInt(w)) % sum }));
  let left = Number(total - parts.reduce((s, p) => s + p, 0n));
  remainders.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** Percent (two decimals) → basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** One share of an allocation: an entity and brand pair and its basis points. */
export interface AllocationPart {
  entityId: string;
  brandId: string;
  basisPoints: number;
}

/**
 * The part of `totalMinor` that falls in an entity and/or brand: the total split over ALL the
 * target's shares with `splitMinor` (shares in a fixed entity, brand order), then the parts that
 * match summed. Because every share's part comes from one split, the parts in each entity (or brand)
 * add up to the total to the minor unit — an application split 60/40 counts 60 % in one entity and
 * 40 % in the other, never 100 % in both. No shares: wholly the defaults (`namesDefaults` says whether
 * the filter names them).
 */
export function allocatedPartMinor(
  totalMinor: number,
  shares: readonly AllocationPart[],
  filter: { entityId?: string; brandId?: string },
  namesDefaults = false,
): number {
  if (!filter.entityId && !filter.brandId) return totalMinor;
  if (shares.length === 0) return namesDefaults ? totalMinor : 0;
  // A fixed order (code-unit comparison, not the locale's), so every cut of one amount splits it alike.
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const ordered = [...shares].sort(
    (a, b) => compare(a.entityId, b.entityId) || compare(a.brandId, b.brandId),
  );
  const parts = splitMinor(
    totalMinor,
    ordered.map((s) => s.basisPoints),
  );
  return ordered.reduce(
    (sum, share, i) =>
      (!filter.entityId || share.entityId === filter.entityId) &&
      (!filter.brandId || share.brandId === filter.brandId)
        ? sum + parts[i]!
        : sum,
    0,
  );
}
