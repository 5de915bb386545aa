import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogSearchResult } from '@common/contracts/catalog';
import { apiGet } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /api/catalog?q= — typo-tolerant; an empty q answers the most popular applications. */
export function searchCatalog(q: string, limit = 8): Promise<CatalogSearchResult> {
  return apiGet<CatalogSearchResult>(`/api/catalog?q=${encodeURIComponent(q)}&limit=${limit}`);
}

export const catalogSearchQuery = (q: string) =>
  queryOptions({
    queryKey: subscriptionKeys.catalog(q),
    queryFn: () => searchCatalog(q),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export function useCatalogSearch(q: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...catalogSearchQuery(q.trim()), enabled: options.enabled ?? true });
}
