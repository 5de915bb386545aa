import { BarChart3, CalendarClock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ReportKey } from '@common/contracts/reports';
import { Button } from '@/components/ui/button';
import { PlanGate } from '@/components/billing/plan-gate';
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

/** `actions`: the report's header buttons; web/app passes report-schedules' "Schedule". */
export function ReportScreen({ actions }: { actions?: (key: ReportKey) => ReactNode }) {
  return (
    <PlanGate feature="reports">
      <ReportPage actions={actions} />
    </PlanGate>
  );
}
