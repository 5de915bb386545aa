import type { ReportBrandingView } from '@common/contracts/reports';
import { throwIfNotOk } from '@/lib/api-client';
import { useBrandingMutation } from './branding-mutation';

async function uploadLogo(file: File): Promise<ReportBrandingView> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/reports/branding/logo', {
    method: 'PUT',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(res);
  return (await res.json()) as ReportBrandingView;
}

/** PUT /api/reports/branding/logo (multipart field `file`). */
export const useUploadReportLogo = () => useBrandingMutation(uploadLogo);
