import { PlanGate } from '@/components/billing/plan-gate';
import { AnalyticsPage } from './analytics-page';

// The analytics screen in its own chunk (with Recharts), behind the plan gate: Starter sees the
// upgrade prompt instead. The route table names only this file.
export function AnalyticsScreen() {
  return (
    <PlanGate feature="analytics">
      <AnalyticsPage />
    </PlanGate>
  );
}
