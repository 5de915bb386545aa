import type { CreateSubscriptionBody, Subscription } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions */
export function createSubscription(body: CreateSubscriptionBody): Promise<Subscription> {
  return apiRequest<Subscription>('POST', '/api/subscriptions', body);
}

export function useCreateSubscription() {
  return useRefreshingMutation(createSubscription, invalidateSubscriptions);
}
