import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReportBrandingBody,
  ReportBrandingView,
  ReportDocument,
  ReportFormat,
  ReportKey,
} from '@common/contracts/reports';
import { apiGet, apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';

export interface ReportListItem {
  key: ReportKey;
  title: string;
  description: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  library: ['reports', 'library'] as const,
  report: (key: string, from: string, to: string) => ['reports', 'report', key, from, to] as const,
  branding: ['reports', 'branding'] as const,
};

/** The API address of a report in a format, for the period given (empty = the report's default). */
export function reportUrl(key: string, format: ReportFormat, range: { from?: string; to?: string } = {}) {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (format !== 'json') params.set('format', format);
  const query = params.toString();
  return `/api/reports/${encodeURIComponent(key)}${query ? `?${query}` : ''}`;
}

/** GET /api/reports — the library. */
export const useReportLibrary = () =>
  useQuery({ queryKey: reportKeys.library, queryFn: () => apiGet<ReportListItem[]>('/api/reports') });

/** GET /api/reports/{key}?from&to — the report's document (what every format is made from). */
export const reportQuery = (key: string, from: string, to: string) =>
  queryOptions({
    queryKey: reportKeys.report(key, from, to),
    queryFn: () => apiGet<ReportDocument>(reportUrl(key, 'json', { from, to })),
  });
export const useReport = (key: string, from: string, to: string) => useQuery(reportQuery(key, from, to));

/** GET /api/reports/branding (Scale). */
export const useReportBranding = (enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.branding,
    queryFn: () => apiGet<ReportBrandingView>('/api/reports/branding'),
    enabled,
  });

function uploadLogo(file: File): Promise<ReportBrandingView> {
  return uploadFile<ReportBrandingView>('/api/reports/branding/logo', file, { method: 'PUT' });
}

function useBrandingMutation<I>(fn: (input: I) => Promise<ReportBrandingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (branding) => {
      queryClient.setQueryData(reportKeys.branding, branding);
      // Open reports carry the branding: they are fetched again.
      void queryClient.invalidateQueries({ queryKey: ['reports', 'report'] });
    },
  });
}

/** PUT /api/reports/branding */
export const useUpdateReportBranding = () =>
  useBrandingMutation((body: ReportBrandingBody) =>
    apiRequest<ReportBrandingView>('PUT', '/api/reports/branding', body),
  );
/** PUT /api/reports/branding/logo (multipart field `file`). */
export const useUploadReportLogo = () => useBrandingMutation(uploadLogo);
/** DELETE /api/reports/branding/logo */
export const useDeleteReportLogo = () =>
  useBrandingMutation(() => apiRequest<ReportBrandingView>('DELETE', '/api/reports/branding/logo'));
