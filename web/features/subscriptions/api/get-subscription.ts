import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** GET /api/subscriptions/{id} */
export function getSubscription(id: string): Promise<Subscription> {
  return apiGet<Subscription>(`/api/subscriptions/${encodeURIComponent(id)}`);
}

export const subscriptionQuery = (id: string) =>
  queryOptions({ queryKey: subscriptionKeys.detail(id), queryFn: () => getSubscription(id) });

export function useSubscription(id: string) {
  return useQuery(subscriptionQuery(id));
}
