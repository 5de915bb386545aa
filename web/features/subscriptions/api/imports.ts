import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ImportCommitBody,
  ImportCommitResult,
  ImportMapping,
  ImportPreview,
  WallosImportBody,
  WallosImportResult,
} from '@common/contracts/imports';
import { apiRequest } from '@/lib/api-client';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/import/preview { file (base64), filename } → columns, automatic mapping, bad rows. */
export function previewImport(input: { file: string; filename?: string }): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('POST', '/api/subscriptions/import/preview', input);
}

/** POST /api/subscriptions/import/remap — the same file with an edited mapping. */
export function remapImport(input: { importId: string; mapping: ImportMapping }): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('POST', '/api/subscriptions/import/remap', input);
}

/** POST /api/subscriptions/import/commit — all rows in one transaction, or only the good ones. */
export function commitImport(
  body: ImportCommitBody,
  onProgress: (progress: Progress) => void = () => {},
): Promise<ImportCommitResult> {
  return postWithProgress<ImportCommitResult>('/api/subscriptions/import/commit', body, onProgress);
}

/** POST /api/subscriptions/import/wallos { data, dryRun, skipInvalid } */
export function importWallos(body: WallosImportBody): Promise<WallosImportResult> {
  return apiRequest<WallosImportResult>('POST', '/api/subscriptions/import/wallos', body);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useRemapImport() {
  return useMutation({ mutationFn: remapImport });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...body }: ImportCommitBody & { onProgress?: (progress: Progress) => void }) =>
      commitImport(body, onProgress),
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}

export function useImportWallos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWallos,
    onSuccess: (result) => (result.dryRun ? undefined : invalidateSubscriptions(queryClient)),
  });
}
