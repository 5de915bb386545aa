import type { ReportDelivery } from '@common/contracts/reports';
import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';
import { schedulePath } from './keys';

/** POST /api/report-schedules/{id}/send — the last full period, now (409 when already sent). */
export const useSendReportNow = () =>
  useInvalidating((id: string) => apiRequest<ReportDelivery>('POST', `${schedulePath(id)}/send`));
