import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@common/contracts/contracts';
import { apiGet } from '@/lib/api-client';
import { contractKeys } from './keys';

/** GET /api/subscriptions/{id}/contracts — the application's contracts with their documents. */
export function getSubscriptionContracts(subscriptionId: string): Promise<Contract[]> {
  return apiGet<Contract[]>(`/api/subscriptions/${encodeURIComponent(subscriptionId)}/contracts`);
}

export const subscriptionContractsQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: contractKeys.forSubscription(subscriptionId),
    queryFn: () => getSubscriptionContracts(subscriptionId),
  });

export function useSubscriptionContracts(subscriptionId: string) {
  return useQuery({ ...subscriptionContractsQuery(subscriptionId), retry: false });
}
