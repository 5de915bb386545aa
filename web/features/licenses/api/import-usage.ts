import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsageImportBody, UsageImportResult } from '@common/contracts/usage';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** POST /api/usage/import — activity exports move seats' last activity forward (dryRun to preview). */
export function importUsage(body: UsageImportBody): Promise<UsageImportResult> {
  return apiRequest<UsageImportResult>('POST', '/api/usage/import', body);
}

export function useImportUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsage,
    onSuccess: (result) => (result.applied ? invalidatePeopleAndLicenses(queryClient) : undefined),
  });
}
