import { PlanGate } from '@/components/billing/plan-gate';
import { ProductAnalyticsPage } from './product-analytics-page';

// The route table names only this file: the page behind the Growth plan gate (an upgrade prompt
// shows instead on Starter).
export function ProductAnalyticsScreen() {
  return (
    <PlanGate feature="productAnalytics">
      <ProductAnalyticsPage />
    </PlanGate>
  );
}
