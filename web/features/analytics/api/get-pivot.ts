import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPivotQuery, AnalyticsPivotResponse } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys, toSearch } from './keys';

/** GET /api/analytics/pivot (Scale) — actual spend, rows × columns dimensions, with totals. */
export const usePivot = (query: AnalyticsPivotQuery, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.pivot(query),
    queryFn: () => apiGet<AnalyticsPivotResponse>(`/api/analytics/pivot${toSearch(query)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
