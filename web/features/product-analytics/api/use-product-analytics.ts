import { useQuery } from '@tanstack/react-query';
import type { AllocationFilter } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';

export const productAnalyticsKeys = {
  all: ['product-analytics'] as const,
  part: (part: string, params: Record<string, string | undefined>) =>
    ['product-analytics', part, params] as const,
};

export function useProductAnalytics<T>(part: string, params: Record<string, string | undefined>) {
  return useQuery({
    queryKey: productAnalyticsKeys.part(part, params),
    queryFn: () => apiGet<T>(`/api/product-analytics/${part}${toQueryString(params)}`),
  });
}

export const filterParams = (filter: AllocationFilter) => ({
  entityId: filter.entityId,
  brandId: filter.brandId,
});
