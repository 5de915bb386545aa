import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityEvent, PriceChange, Subscription } from '@common/contracts/subscriptions';
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

/** GET /api/subscriptions/{id}/history — price changes, newest first. */
export function getPriceHistory(id: string): Promise<PriceChange[]> {
  return apiGet<PriceChange[]>(`/api/subscriptions/${encodeURIComponent(id)}/history`);
}
export function usePriceHistory(id: string) {
  return useQuery({ queryKey: subscriptionKeys.history(id), queryFn: () => getPriceHistory(id) });
}

/** GET /api/subscriptions/{id}/activity — the audit trail of this application. */
export function getActivity(id: string): Promise<ActivityEvent[]> {
  return apiGet<ActivityEvent[]>(`/api/subscriptions/${encodeURIComponent(id)}/activity`);
}
export function useActivity(id: string) {
  return useQuery({ queryKey: subscriptionKeys.activity(id), queryFn: () => getActivity(id) });
}
