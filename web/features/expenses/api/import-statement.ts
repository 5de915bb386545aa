import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ImportCommit,
  importCommitBody,
  importOptionsBody,
  ImportPreview,
  ImportUpload,
} from '@common/contracts/expenses';
import { ApiError, apiRequest } from '@/lib/api-client';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

export type ImportOptions = z.input<typeof importOptionsBody>;
export type ImportCommitOptions = z.input<typeof importCommitBody>;

/**
 * POST /api/expenses/import (multipart). XMLHttpRequest rather than fetch: it reports upload
 * progress, which a 20 MB statement on a slow line needs.
 */
export function uploadStatement(file: File, onProgress: (fraction: number) => void): Promise<ImportUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/expenses/import');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as ImportUpload);
      } else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
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
