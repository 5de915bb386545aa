import { useQuery } from '@tanstack/react-query';
import type { ReportDelivery } from '@common/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportScheduleKeys } from './keys';

/** GET /api/report-schedules/deliveries — what was sent, newest first. */
export const useReportDeliveries = () =>
  useQuery({
    queryKey: reportScheduleKeys.deliveries(),
    queryFn: () => apiGet<ReportDelivery[]>('/api/report-schedules/deliveries'),
  });
