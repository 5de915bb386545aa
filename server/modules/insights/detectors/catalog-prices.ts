// Tier → plan matching lives in common/benchmarks (one rule for the detectors and the benchmarks).
export {
  paidPlans,
  planOf,
  yearlyListMinor,
  type PlanPrices,
} from '../../../../common/benchmarks/plan-match';
