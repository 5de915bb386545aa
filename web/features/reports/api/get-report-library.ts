import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reportKeys, type ReportListItem } from './keys';

/** GET /api/reports — the library. */
export const useReportLibrary = () =>
  useQuery({ queryKey: reportKeys.library, queryFn: () => apiGet<ReportListItem[]>('/api/reports') });
