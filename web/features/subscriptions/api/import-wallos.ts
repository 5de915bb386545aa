import type { WallosImportBody, WallosImportResult } from '@common/contracts/imports';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/import/wallos { data, dryRun, skipInvalid } */
export function importWallos(body: WallosImportBody): Promise<WallosImportResult> {
  return apiRequest<WallosImportResult>('POST', '/api/subscriptions/import/wallos', body);
}

export function useImportWallos() {
  return useRefreshingMutation(importWallos, (queryClient, result) =>
    result.dryRun ? undefined : invalidateSubscriptions(queryClient),
  );
}
