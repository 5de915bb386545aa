import { BarChart3, CalendarClock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PlanGate } from '@/components/billing/plan-gate';
import { ScheduleReportButton } from '@/features/report-schedules';
import { ReportLibraryPage } from './report-library-page';
import { ReportPage } from './report-page';

// The report screens (Growth) in one chunk, each behind the plan gate: Starter sees the upgrade
// prompt instead. The library leads on to analytics and to the scheduled reports.

const LIBRARY_LINKS = [
  { to: '/app/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/app/product-analytics', label: 'Product analytics', icon: Users },
  { to: '/app/reports/schedules', label: 'Scheduled reports', icon: CalendarClock },
];

export function ReportLibraryScreen() {
  return (
    <PlanGate feature="reports">
      <ReportLibraryPage
        actions={
          <div className="flex flex-wrap gap-2">
            {LIBRARY_LINKS.map(({ to, label, icon: Icon }) => (
              <Button key={to} variant="outline" size="sm" asChild>
                <Link to={to}>
                  <Icon className="size-4" aria-hidden /> {label}
                </Link>
              </Button>
            ))}
          </div>
        }
      />
    </PlanGate>
  );
}

export function ReportScreen() {
  return (
    <PlanGate feature="reports">
      <ReportPage actions={(key) => <ScheduleReportButton reportKey={key} />} />
    </PlanGate>
  );
}
