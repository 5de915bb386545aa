import type { ReportBrandingView } from '@common/contracts/reports';
import { apiRequest } from '@/lib/api-client';
import { useBrandingMutation } from './branding-mutation';

/** DELETE /api/reports/branding/logo */
export const useDeleteReportLogo = () =>
  useBrandingMutation(() => apiRequest<ReportBrandingView>('DELETE', '/api/reports/branding/logo'));
