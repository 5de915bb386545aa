import { useMutation } from '@tanstack/react-query';
import type { ImportMapping, ImportPreview } from '@common/contracts/imports';
import { apiRequest } from '@/lib/api-client';

/** POST /api/subscriptions/import/remap — the same file with an edited mapping. */
export function remapImport(input: { importId: string; mapping: ImportMapping }): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('POST', '/api/subscriptions/import/remap', input);
}

export function useRemapImport() {
  return useMutation({ mutationFn: remapImport });
}
