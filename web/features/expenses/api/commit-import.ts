import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportCommit, importCommitBody } from '@common/contracts/expenses';
import { postWithProgress, type Progress } from '@/lib/progress-request';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

export type ImportCommitOptions = z.input<typeof importCommitBody>;

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
    mutationFn: (input: {
      batchId: string;
      options: ImportCommitOptions;
      onProgress?: (progress: Progress) => void;
    }) => commitImport(input.batchId, input.options, input.onProgress),
    onSuccess: () => invalidateExpenses(queryClient),
  });
}
