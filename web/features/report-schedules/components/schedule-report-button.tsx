import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { ReportKey } from '@common/contracts/reports';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { useOrganization } from '@/lib/organizations/get-organization';
import { ScheduleDialog } from './schedule-dialog';

/** "Schedule" on a report page: the schedule dialog, starting with that report. Owners and admins only. */
export function ScheduleReportButton({ reportKey }: { reportKey: ReportKey }) {
  const organization = useOrganization();
  const [open, setOpen] = useState(false);
  if (!organization.data || !can(organization.data.role, 'settings.manage')) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarClock className="size-4" aria-hidden />
        Schedule
      </Button>
      <ScheduleDialog open={open} onOpenChange={setOpen} reportKey={reportKey} />
    </>
  );
}
