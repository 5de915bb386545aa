import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsView } from '@common/contracts/analytics';
import { apiGet, apiRequest } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/analytics/views (Scale) — the organization's saved views. */
export const useAnalyticsViews = (enabled: boolean) =>
  useQuery({
    queryKey: analyticsKeys.views(),
    queryFn: () => apiGet<AnalyticsView[]>('/api/analytics/views'),
    enabled,
  });

function useViewMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.views() }),
  });
}

/** POST /api/analytics/views — the page's search parameters under a name. */
export const useSaveView = () =>
  useViewMutation((body: { name: string; query: string }) =>
    apiRequest<AnalyticsView>('POST', '/api/analytics/views', body),
  );

/** DELETE /api/analytics/views/{id} */
export const useDeleteView = () =>
  useViewMutation((id: string) =>
    apiRequest<void>('DELETE', `/api/analytics/views/${encodeURIComponent(id)}`),
  );
