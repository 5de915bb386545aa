import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ImportCommit,
  importCommitBody,
  importOptionsBody,
  ImportPreview,
  ImportUpload,
} from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

export type ImportOptions = z.input<typeof importOptionsBody>;
export type ImportCommitOptions = z.input<typeof importCommitBody>;

/** POST /api/expenses/import (multipart), with upload progress: a 20 MB statement on a slow line needs it. */
export function uploadStatement(file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  return uploadFile<ImportUpload>('/api/expenses/import', file, { onProgress });
}

/** POST /api/expenses/import/{id}/preview */
export function previewImport(batchId: string, options: ImportOptions): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('POST', `/api/expenses/import/${encodeURIComponent(batchId)}/preview`, options);
}

/** POST /api/expenses/import/{id}/commit — one transaction, all rows or none, with progress. */
export function commitImport(
  batchId: string,
  options: ImportCommitOptions,
  onProgress: (progress: Progress) => void = () => {},
): Promise<ImportCommit> {
  return postWithProgress<ImportCommit>(
    `/api/expenses/import/${encodeURIComponent(batchId)}/commit`,
    options,
    onProgress,
  );
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { batchId: string; options: ImportCommitOptions; onProgress?: (progress: Progress) => void }) =>
      commitImport(input.batchId, input.options, input.onProgress),
    onSuccess: () => invalidateExpenses(queryClient),
  });
}
