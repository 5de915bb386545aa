import type { InsightFilters } from './get-insights';

export const insightKeys = {
  all: ['insights'] as const,
  lists: () => ['insights', 'list'] as const,
  list: (filters: InsightFilters) => ['insights', 'list', filters] as const,
  detail: (id: string) => ['insights', 'detail', id] as const,
  summary: () => ['insights', 'summary'] as const,
};
