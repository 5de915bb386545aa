import type { ReportBrandingView } from '@common/contracts/reports';
import { uploadFile } from '@/lib/upload-file';
import { useBrandingMutation } from './branding-mutation';

function uploadLogo(file: File): Promise<ReportBrandingView> {
  return uploadFile<ReportBrandingView>('/api/reports/branding/logo', file, { method: 'PUT' });
}

/** PUT /api/reports/branding/logo (multipart field `file`). */
export const useUploadReportLogo = () => useBrandingMutation(uploadLogo);
