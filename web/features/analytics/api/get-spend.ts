import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSpendQuery, AnalyticsSpendResponse } from '@common/contracts/analytics';
import { apiGet } from '@/lib/api-client';
import { analyticsKeys, toSearch } from './keys';

/** GET /api/analytics/spend — actual and committed spend per period and group, with its totals. */
export const spendQuery = (query: AnalyticsSpendQuery) =>
  queryOptions({
    queryKey: analyticsKeys.spend(query),
    queryFn: () => apiGet<AnalyticsSpendResponse>(`/api/analytics/spend${toSearch(query)}`),
    placeholderData: keepPreviousData,
  });

export const useSpend = (query: AnalyticsSpendQuery) => useQuery(spendQuery(query));
