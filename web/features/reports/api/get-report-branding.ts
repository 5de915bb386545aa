import { useQuery } from '@tanstack/react-query';
import type { ReportBrandingView } from '@common/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportKeys } from './keys';

/** GET /api/reports/branding (Scale). */
export const useReportBranding = (enabled: boolean) =>
  useQuery({
    queryKey: reportKeys.branding,
    queryFn: () => apiGet<ReportBrandingView>('/api/reports/branding'),
    enabled,
  });
