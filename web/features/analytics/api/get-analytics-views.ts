import { useQuery } from '@tanstack/react-query';
import type { AnalyticsView } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/analytics/views (Scale) — the organization's saved views. */
export const useAnalyticsViews = (enabled: boolean) =>
  useQuery({
    queryKey: analyticsKeys.views(),
    queryFn: () => apiGet<AnalyticsView[]>('/api/analytics/views'),
    enabled,
  });
