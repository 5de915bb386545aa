import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportDocument, ReportFormat } from '@common/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportKeys } from './keys';

/** The API address of a report in a format, for the period given (empty = the report's default). */
export function reportUrl(key: string, format: ReportFormat, range: { from?: string; to?: string } = {}) {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (format !== 'json') params.set('format', format);
  const query = params.toString();
  return `/api/reports/${encodeURIComponent(key)}${query ? `?${query}` : ''}`;
}

/** GET /api/reports/{key}?from&to — the report's document (what every format is made from). */
export const reportQuery = (key: string, from: string, to: string) =>
  queryOptions({
    queryKey: reportKeys.report(key, from, to),
    queryFn: () => apiGet<ReportDocument>(reportUrl(key, 'json', { from, to })),
  });

export const useReport = (key: string, from: string, to: string) => useQuery(reportQuery(key, from, to));
