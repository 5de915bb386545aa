import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

/** POST /api/expenses/discoveries/accept { merchantKey } — creates the application and matches its charges. */
export function acceptDiscovery(merchantKey: string): Promise<{ subscriptionId: string; matched: number }> {
  return apiRequest('POST', '/api/expenses/discoveries/accept', { merchantKey });
}

export function useAcceptDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDiscovery,
    onSuccess: () =>
      Promise.all([
        invalidateExpenses(queryClient),
        queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
      ]),
  });
}
