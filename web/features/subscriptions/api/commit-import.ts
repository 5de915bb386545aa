import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCommitBody, ImportCommitResult } from '@common/contracts/imports';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/import/commit — all rows in one transaction, or only the good ones. */
export function commitImport(
  body: ImportCommitBody,
  onProgress: (progress: Progress) => void = () => {},
): Promise<ImportCommitResult> {
  return postWithProgress<ImportCommitResult>('/api/subscriptions/import/commit', body, onProgress);
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...body }: ImportCommitBody & { onProgress?: (progress: Progress) => void }) =>
      commitImport(body, onProgress),
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
