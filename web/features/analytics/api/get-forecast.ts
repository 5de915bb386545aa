import { useQuery } from '@tanstack/react-query';
import type { AnalyticsForecastResponse } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys, toSearch } from './keys';

export interface ForecastQuery {
  months?: number;
  entityId?: string;
  brandId?: string;
}

/** GET /api/analytics/forecast — the last 12 months and the next ones: committed plus trend. */
export const useForecast = (query: ForecastQuery) =>
  useQuery({
    queryKey: analyticsKeys.forecast(query),
    queryFn: () => apiGet<AnalyticsForecastResponse>(`/api/analytics/forecast${toSearch(query)}`),
  });
