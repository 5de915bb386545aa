import { useQuery } from '@tanstack/react-query';
import type { AllocationFilter } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';

export const productAnalyticsKeys = {
  all: ['product-analytics'] as const,
  part: (part: string, params: Record<string, string | undefined>) =>
    ['product-analytics', part, params] as const,
};

/** The query string of the defined values only. */
function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useProductAnalytics<T>(part: string, params: Record<string, string | undefined>) {
  return useQuery({
    queryKey: productAnalyticsKeys.part(part, params),
    queryFn: () => apiGet<T>(`/api/product-analytics/${part}${query(params)}`),
  });
}

export const filterParams = (filter: AllocationFilter) => ({
  entityId: filter.entityId,
  brandId: filter.brandId,
});
