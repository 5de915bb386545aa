import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

/** POST /api/expenses/discoveries/dismiss { merchantKey } — not an application: ignore those charges. */
export function dismissDiscovery(merchantKey: string): Promise<{ ignored: number }> {
  return apiRequest('POST', '/api/expenses/discoveries/dismiss', { merchantKey });
}

export function useDismissDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissDiscovery, onSuccess: () => invalidateExpenses(queryClient) });
}
