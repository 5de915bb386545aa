// The price the pack negotiates: the benchmark's normalised price for the application's largest
// tier, or (without a benchmark) the application's own price normalised the same way.
import type { Benchmark as SubscriptionBenchmark } from './pack-types';
import type { SubscriptionRow } from '../subscriptions';

type BenchmarkEntry = SubscriptionBenchmark['prices'][number];

export interface CurrentPrice {
  tierName: string | null;
  unit: 'user' | 'flat';
  /** Per seat per month, or per month for flat prices. */
  perMonthMinor: number;
  seats: number | null;
  yearlyMinor: number;
  currency: string;
  /** The benchmark entry it came from, null when built from the application. */
  entry: BenchmarkEntry | null;
}

export function currentPriceOf(benchmark: SubscriptionBenchmark, sub: SubscriptionRow): CurrentPrice | null {
  const [entry] = [...benchmark.prices].sort((a, b) => b.price.yearlyMinor - a.price.yearlyMinor);
  if (entry) {
    const { price } = entry;
    return {
      tierName: price.tierName,
      unit: price.unit,
      perMonthMinor: price.perMonthMinor,
      seats: price.seats,
      yearlyMinor: price.yearlyMinor,
      currency: price.currency,
      entry,
    };
  }
  if (sub.pricingModel === 'usage' || sub.monthlyCostMinor <= 0) return null;
  if (sub.pricingModel === 'per-seat' && sub.seats && sub.seats > 0) {
    const perMonthMinor = Math.round(sub.monthlyCostMinor / sub.seats);
    return {
      tierName: null,
      unit: 'user',
      perMonthMinor,
      seats: sub.seats,
      yearlyMinor: perMonthMinor * 12 * sub.seats,
      currency: sub.currency,
      entry: null,
    };
  }
  return {
    tierName: null,
    unit: 'flat',
    perMonthMinor: sub.monthlyCostMinor,
    seats: sub.seats,
    yearlyMinor: sub.monthlyCostMinor * 12,
    currency: sub.currency,
    entry: null,
  };
}

/** The list price billed like ours, when the catalogue confirmed it and it is not stale; per unit per month. */
export function confirmedListPerMonth(entry: BenchmarkEntry | null): number | null {
  const list = entry?.list;
  if (!list) return null;
  const point = list.comparedWith === 'year' ? list.annual : list.monthly;
  return point?.confirmed && !point.stale ? point.perMonthMinor : null;
}
