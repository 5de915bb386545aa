import { PlanGate } from '@/components/billing/plan-gate';
import { BrandDetailPage } from './brand-detail-page';
import { BrandProfitabilityPage } from './brand-profitability-page';

// The brand screens (Scale) in one chunk, each behind the plan gate: the upgrade prompt shows
// instead on lower plans. The route table names only this file, so the first paint carries two
// short entries.

export function BrandProfitabilityScreen() {
  return (
    <PlanGate feature="brands">
      <BrandProfitabilityPage />
    </PlanGate>
  );
}

export function BrandDetailScreen() {
  return (
    <PlanGate feature="brands">
      <BrandDetailPage />
    </PlanGate>
  );
}
