import type { ReportSchedule, UpdateReportScheduleBody } from '@common/contracts/reports';
import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';
import { schedulePath } from './keys';

/** PATCH /api/report-schedules/{id} */
export const useUpdateReportSchedule = () =>
  useInvalidating(({ id, ...body }: UpdateReportScheduleBody & { id: string }) =>
    apiRequest<ReportSchedule>('PATCH', schedulePath(id), body),
  );
