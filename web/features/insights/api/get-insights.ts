import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightList, InsightState } from '@common/contracts/insights';
import type { OpportunityType } from '@common/insights/opportunity';
import { apiGet } from '@/lib/api-client';
import { insightKeys } from './keys';

export interface InsightFilters {
  type?: OpportunityType;
  /** `open` (the default: new, reviewing, in progress) or one or more states. */
  state?: 'open' | InsightState[];
  applicationId?: string;
  includeSnoozed?: boolean;
  sort?: 'saving' | 'newest' | 'due';
  pageSize?: number;
}

/** GET /api/insights — the opportunities matching the filters, with the totals over every open one. */
export function getInsights(filters: InsightFilters): Promise<InsightList> {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.state) params.set('state', filters.state === 'open' ? 'open' : filters.state.join(','));
  if (filters.applicationId) params.set('applicationId', filters.applicationId);
  if (filters.includeSnoozed) params.set('includeSnoozed', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.pageSize) params.set('pageSize', String(filters.pageSize));
  const query = params.toString();
  return apiGet<InsightList>(query ? `/api/insights?${query}` : '/api/insights');
}

export const insightsQuery = (filters: InsightFilters) =>
  queryOptions({ queryKey: insightKeys.list(filters), queryFn: () => getInsights(filters) });

/** `keepPrevious`: while other filters load, the list keeps showing the last answer (filter chips). */
export function useInsights(
  filters: InsightFilters,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useQuery({
    ...insightsQuery(filters),
    enabled: options.enabled ?? true,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
