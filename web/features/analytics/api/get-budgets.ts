import { useQuery } from '@tanstack/react-query';
import type { AnalyticsBudgetsResponse, AnalyticsRangeQuery } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys, toSearch } from './keys';

/** GET /api/analytics/budgets — each budget's amount for the range against its actual spend. */
export const useBudgetsVsActual = (query: AnalyticsRangeQuery) =>
  useQuery({
    queryKey: analyticsKeys.budgets(query),
    queryFn: () => apiGet<AnalyticsBudgetsResponse>(`/api/analytics/budgets${toSearch(query)}`),
  });
