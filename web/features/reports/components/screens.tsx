import { PlanGate } from '@/features/billing';
import { ReportLibraryPage } from './report-library-page';
import { ReportPage } from './report-page';

// The report screens (Growth) in one chunk, each behind the plan gate: Starter sees the upgrade
// prompt instead.

export function ReportLibraryScreen() {
  return (
    <PlanGate feature="reports">
      <ReportLibraryPage />
    </PlanGate>
  );
}

export function ReportScreen() {
  return (
    <PlanGate feature="reports">
      <ReportPage />
    </PlanGate>
  );
}
