import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionSpend } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from '@/lib/expenses/keys';

/** GET /api/subscriptions/{id}/spend — expected vs actual per month and flagged charges. */
export function getSubscriptionSpend(subscriptionId: string, months = 12): Promise<SubscriptionSpend> {
  return apiGet<SubscriptionSpend>(`/api/subscriptions/${encodeURIComponent(subscriptionId)}/spend?months=${months}`);
}

export const subscriptionSpendQuery = (subscriptionId: string, months = 12) =>
  queryOptions({
    queryKey: expenseKeys.spend(subscriptionId, months),
    queryFn: () => getSubscriptionSpend(subscriptionId, months),
  });

export function useSubscriptionSpend(subscriptionId: string, months = 12) {
  return useQuery(subscriptionSpendQuery(subscriptionId, months));
}
