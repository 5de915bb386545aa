import type { ImportCommitBody, ImportCommitResult } from '@common/contracts/imports';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateSubscriptions } from './invalidate';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** POST /api/subscriptions/import/commit — all rows in one transaction, or only the good ones. */
export function commitImport(
  body: ImportCommitBody,
  onProgress: (progress: Progress) => void = () => {},
): Promise<ImportCommitResult> {
  return postWithProgress<ImportCommitResult>('/api/subscriptions/import/commit', body, onProgress);
}

export function useCommitImport() {
  return useRefreshingMutation(
    ({ onProgress, ...body }: ImportCommitBody & { onProgress?: (progress: Progress) => void }) =>
      commitImport(body, onProgress),
    (queryClient) => invalidateSubscriptions(queryClient),
  );
}
