import type { Subscription, UpdateSubscriptionBody } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** PATCH /api/subscriptions/{id} */
export function updateSubscription(input: {
  id: string;
  body: UpdateSubscriptionBody;
}): Promise<Subscription> {
  return apiRequest<Subscription>('PATCH', `/api/subscriptions/${encodeURIComponent(input.id)}`, input.body);
}

export function useUpdateSubscription() {
  return useRefreshingMutation(updateSubscription, invalidateSubscriptions);
}
