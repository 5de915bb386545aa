import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WallosImportBody, WallosImportResult } from '@common/contracts/imports';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/import/wallos { data, dryRun, skipInvalid } */
export function importWallos(body: WallosImportBody): Promise<WallosImportResult> {
  return apiRequest<WallosImportResult>('POST', '/api/subscriptions/import/wallos', body);
}

export function useImportWallos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWallos,
    onSuccess: (result) => (result.dryRun ? undefined : invalidateSubscriptions(queryClient)),
  });
}
