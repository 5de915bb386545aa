import { useQuery } from '@tanstack/react-query';
import type { ReportSchedule } from '@common/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportScheduleKeys } from './keys';

/** GET /api/report-schedules — the organization's scheduled reports. */
export const useReportSchedules = () =>
  useQuery({
    queryKey: reportScheduleKeys.list(),
    queryFn: () => apiGet<ReportSchedule[]>('/api/report-schedules'),
  });
