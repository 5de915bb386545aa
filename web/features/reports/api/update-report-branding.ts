import type { ReportBrandingBody, ReportBrandingView } from '@common/contracts/reports';
import { apiRequest } from '@/lib/api-client';
import { useBrandingMutation } from './branding-mutation';

/** PUT /api/reports/branding */
export const useUpdateReportBranding = () =>
  useBrandingMutation((body: ReportBrandingBody) =>
    apiRequest<ReportBrandingView>('PUT', '/api/reports/branding', body),
  );
