import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Discovery } from '@common/contracts/expenses';
import { apiGet, apiRequest } from '@/lib/api-client';
import { invalidateExpenses } from '@/lib/expenses/invalidate';
import { expenseKeys } from '@/lib/expenses/keys';

/** GET /api/expenses/discoveries — recurring unmatched charges proposed as applications. */
export function getDiscoveries(): Promise<Discovery[]> {
  return apiGet<Discovery[]>('/api/expenses/discoveries');
}

export const discoveriesQuery = () => queryOptions({ queryKey: expenseKeys.discoveries(), queryFn: getDiscoveries });

export function useDiscoveries() {
  return useQuery(discoveriesQuery());
}

/** POST /api/expenses/discoveries/accept { merchantKey } — creates the application and matches its charges. */
export function acceptDiscovery(merchantKey: string): Promise<{ subscriptionId: string; matched: number }> {
  return apiRequest('POST', '/api/expenses/discoveries/accept', { merchantKey });
}

/** POST /api/expenses/discoveries/dismiss { merchantKey } — not an application: ignore those charges. */
export function dismissDiscovery(merchantKey: string): Promise<{ ignored: number }> {
  return apiRequest('POST', '/api/expenses/discoveries/dismiss', { merchantKey });
}

export function useAcceptDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDiscovery,
    onSuccess: () =>
      Promise.all([invalidateExpenses(queryClient), queryClient.invalidateQueries({ queryKey: ['subscriptions'] })]),
  });
}

export function useDismissDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissDiscovery, onSuccess: () => invalidateExpenses(queryClient) });
}
