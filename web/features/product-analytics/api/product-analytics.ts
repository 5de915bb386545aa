import { useQuery } from '@tanstack/react-query';
import type { AllocationFilter } from '@common/contracts/entities';
import type { ActiveUsers, Adoption, LastUse, ProductOverview } from '@common/contracts/product-analytics';
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

function useProductAnalytics<T>(part: string, params: Record<string, string | undefined>) {
  return useQuery({
    queryKey: productAnalyticsKeys.part(part, params),
    queryFn: () => apiGet<T>(`/api/product-analytics/${part}${query(params)}`),
  });
}

const filterParams = (filter: AllocationFilter) => ({ entityId: filter.entityId, brandId: filter.brandId });

/** GET /api/product-analytics/overview — seats, utilisation and cost per paid application. */
export const useProductOverview = (filter: AllocationFilter) =>
  useProductAnalytics<ProductOverview>('overview', filterParams(filter));

/** GET /api/product-analytics/active-users — distinct people active per month. */
export const useActiveUsers = (
  filter: AllocationFilter,
  period: { from?: string | undefined; to?: string | undefined },
) =>
  useProductAnalytics<ActiveUsers>('active-users', {
    ...filterParams(filter),
    from: period.from,
    to: period.to,
  });

/** GET /api/product-analytics/adoption — per department, people with seats and active ones. */
export const useAdoption = (filter: AllocationFilter) =>
  useProductAnalytics<Adoption>('adoption', { ...filterParams(filter), groupBy: 'department' });

/** GET /api/product-analytics/last-use — open seats by time since last use. */
export const useLastUse = (filter: AllocationFilter) =>
  useProductAnalytics<LastUse>('last-use', filterParams(filter));
