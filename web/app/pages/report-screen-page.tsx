import type { ReportKey } from '@common/contracts/reports';
import { ScheduleReportButton } from '@/features/report-schedules';
import { ReportScreen } from '@/features/reports';

const scheduleButton = (key: ReportKey) => <ScheduleReportButton reportKey={key} />;

/** /app/reports/:key: one report, with report-schedules' "Schedule" in its header. */
export function ReportScreenPage() {
  return <ReportScreen actions={scheduleButton} />;
}
