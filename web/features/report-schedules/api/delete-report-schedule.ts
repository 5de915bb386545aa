import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';
import { schedulePath } from './keys';

/** DELETE /api/report-schedules/{id} */
export const useDeleteReportSchedule = () =>
  useInvalidating((id: string) => apiRequest<void>('DELETE', schedulePath(id)));
