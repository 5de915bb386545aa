import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription, UpdateSubscriptionBody } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** PATCH /api/subscriptions/{id} */
export function updateSubscription(input: {
  id: string;
  body: UpdateSubscriptionBody;
}): Promise<Subscription> {
  return apiRequest<Subscription>('PATCH', `/api/subscriptions/${encodeURIComponent(input.id)}`, input.body);
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
