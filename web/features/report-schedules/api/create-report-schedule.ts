import type { CreateReportScheduleBody, ReportSchedule } from '@common/contracts/reports';
import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';

/** POST /api/report-schedules */
export const useCreateReportSchedule = () =>
  useInvalidating((body: CreateReportScheduleBody) =>
    apiRequest<ReportSchedule>('POST', '/api/report-schedules', body),
  );
