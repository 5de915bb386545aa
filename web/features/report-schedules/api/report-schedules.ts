import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportScheduleBody,
  ReportDelivery,
  ReportSchedule,
  UpdateReportScheduleBody,
} from '@common/contracts/reports';
import { apiGet, apiRequest } from '@/lib/api-client';

export const reportScheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => ['report-schedules', 'list'] as const,
  deliveries: () => ['report-schedules', 'deliveries'] as const,
};

/** GET /api/report-schedules — the organization's scheduled reports. */
export const useReportSchedules = () =>
  useQuery({
    queryKey: reportScheduleKeys.list(),
    queryFn: () => apiGet<ReportSchedule[]>('/api/report-schedules'),
  });

/** GET /api/report-schedules/deliveries — what was sent, newest first. */
export const useReportDeliveries = () =>
  useQuery({
    queryKey: reportScheduleKeys.deliveries(),
    queryFn: () => apiGet<ReportDelivery[]>('/api/report-schedules/deliveries'),
  });

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}

const path = (id: string) => `/api/report-schedules/${encodeURIComponent(id)}`;

export const useCreateReportSchedule = () =>
  useInvalidating((body: CreateReportScheduleBody) =>
    apiRequest<ReportSchedule>('POST', '/api/report-schedules', body),
  );

export const useUpdateReportSchedule = () =>
  useInvalidating(({ id, ...body }: UpdateReportScheduleBody & { id: string }) =>
    apiRequest<ReportSchedule>('PATCH', path(id), body),
  );

export const useDeleteReportSchedule = () =>
  useInvalidating((id: string) => apiRequest<void>('DELETE', path(id)));

/** POST /api/report-schedules/{id}/send — the last full period, now (409 when already sent). */
export const useSendReportNow = () =>
  useInvalidating((id: string) => apiRequest<ReportDelivery>('POST', `${path(id)}/send`));
