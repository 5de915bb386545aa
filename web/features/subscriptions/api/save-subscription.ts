import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSubscriptionBody,
  Subscription,
  UpdateSubscriptionBody,
} from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions */
export function createSubscription(body: CreateSubscriptionBody): Promise<Subscription> {
  return apiRequest<Subscription>('POST', '/api/subscriptions', body);
}

/** PATCH /api/subscriptions/{id} */
export function updateSubscription(input: {
  id: string;
  body: UpdateSubscriptionBody;
}): Promise<Subscription> {
  return apiRequest<Subscription>('PATCH', `/api/subscriptions/${encodeURIComponent(input.id)}`, input.body);
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
