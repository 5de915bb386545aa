// Tier → plan matching lives in common/benchmarks (one rule for the detectors and the benchmarks);
// pass the snapshot's `today` so a stale list price (common/catalog/price-age.ts) backs no saving.
export {
  paidPlans,
  planOf,
  yearlyListMinor,
  type PlanPrices,
} from '../../../../common/benchmarks/plan-match';
