import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSubscriptionsQuery, SubscriptionList } from '@common/contracts/subscriptions';
import { apiGet } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { subscriptionKeys } from '@/lib/subscriptions/keys';

/** GET /api/subscriptions — one page of the filtered list with totals for the whole filtered set. */
export function listSubscriptions(query: ListSubscriptionsQuery): Promise<SubscriptionList> {
  return apiGet<SubscriptionList>(`/api/subscriptions${toQueryString(query)}`);
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
