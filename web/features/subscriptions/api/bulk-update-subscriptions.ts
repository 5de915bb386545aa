import type { BulkResult, BulkUpdateSubscriptionsBody } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/bulk — owner, category, tags, status for many ids. */
export function bulkUpdateSubscriptions(body: BulkUpdateSubscriptionsBody): Promise<BulkResult> {
  return apiRequest<BulkResult>('POST', '/api/subscriptions/bulk', body);
}

export function useBulkUpdateSubscriptions() {
  return useRefreshingMutation(bulkUpdateSubscriptions, invalidateSubscriptions);
}
