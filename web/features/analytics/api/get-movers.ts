import { useQuery } from '@tanstack/react-query';
import type { AnalyticsMoversResponse, AnalyticsRangeQuery } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys, toSearch } from './keys';

/** GET /api/analytics/movers — applications whose spend grew or fell most against the period before. */
export const useMovers = (query: AnalyticsRangeQuery) =>
  useQuery({
    queryKey: analyticsKeys.movers(query),
    queryFn: () => apiGet<AnalyticsMoversResponse>(`/api/analytics/movers${toSearch(query)}`),
  });
