import type { Subscription } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/{id}/restore */
export function restoreSubscription(id: string): Promise<Subscription> {
  return apiRequest<Subscription>('POST', `/api/subscriptions/${encodeURIComponent(id)}/restore`);
}

export function useRestoreSubscription() {
  return useRefreshingMutation(restoreSubscription, invalidateSubscriptions);
}
