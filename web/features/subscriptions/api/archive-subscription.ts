import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** DELETE /api/subscriptions/{id} archives (it can be restored). */
export function archiveSubscription(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/subscriptions/${encodeURIComponent(id)}`);
}

export function useArchiveSubscription() {
  return useRefreshingMutation(archiveSubscription, invalidateSubscriptions);
}
