import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionBody, Subscription } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions */
export function createSubscription(body: CreateSubscriptionBody): Promise<Subscription> {
  return apiRequest<Subscription>('POST', '/api/subscriptions', body);
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
