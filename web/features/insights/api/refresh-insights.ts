import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsightRefresh } from '@common/contracts/insights';
import { apiRequest } from '@/lib/api-client';
import { insightKeys } from './keys';

/** POST /api/insights/refresh — generate now (at most once per 5 minutes; 429 otherwise). */
export function refreshInsights(): Promise<InsightRefresh> {
  return apiRequest<InsightRefresh>('POST', '/api/insights/refresh');
}

export function useRefreshInsights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshInsights,
    onSettled: () => queryClient.invalidateQueries({ queryKey: insightKeys.all }),
  });
}
