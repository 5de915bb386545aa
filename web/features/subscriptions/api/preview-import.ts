import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '@common/contracts/imports';
import { apiRequest } from '@/lib/api-client';

/** POST /api/subscriptions/import/preview { file (base64), filename } → columns, automatic mapping, bad rows. */
export function previewImport(input: { file: string; filename?: string }): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('POST', '/api/subscriptions/import/preview', input);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
