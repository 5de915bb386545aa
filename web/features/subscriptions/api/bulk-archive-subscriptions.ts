import type { BulkResult } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/bulk-archive */
export function bulkArchiveSubscriptions(ids: string[]): Promise<BulkResult> {
  return apiRequest<BulkResult>('POST', '/api/subscriptions/bulk-archive', { ids });
}

export function useBulkArchiveSubscriptions() {
  return useRefreshingMutation(bulkArchiveSubscriptions, invalidateSubscriptions);
}
