import { PlanGate } from '@/components/billing/plan-gate';
import { ReportSchedulesPage } from './report-schedules-page';

// The scheduled reports screen (Growth) behind the plan gate: the upgrade prompt shows instead on
// Starter. The route table names only this file.

export function ReportSchedulesScreen() {
  return (
    <PlanGate feature="reports">
      <ReportSchedulesPage />
    </PlanGate>
  );
}
