import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSubscriptionsQuery, SubscriptionList } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** Query string of the defined values only, in a stable order. */
export function toSearch(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (
      (typeof value === 'string' && value !== '') ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/subscriptions — one page of the filtered list with totals for the whole filtered set. */
export function listSubscriptions(query: ListSubscriptionsQuery): Promise<SubscriptionList> {
  return apiGet<SubscriptionList>(`/api/subscriptions${toSearch(query)}`);
}

export const subscriptionListQuery = (query: ListSubscriptionsQuery) =>
  queryOptions({
    queryKey: subscriptionKeys.list(query),
    queryFn: () => listSubscriptions(query),
    placeholderData: keepPreviousData,
  });

export function useSubscriptionList(query: ListSubscriptionsQuery) {
  return useQuery(subscriptionListQuery(query));
}
