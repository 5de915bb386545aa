import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@common/contracts/dashboard';
import type { AllocationFilter } from '@common/contracts/entities';
import { apiGetOr } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** The unfiltered key is the one the start-up preload fills (web/app/prefetch.ts). */
  summary: (filter: AllocationFilter = {}) =>
    filter.entityId || filter.brandId
      ? (['dashboard', 'summary', filter] as const)
      : (['dashboard', 'summary'] as const),
};

/** GET /api/dashboard/summary (cut by entity/brand); answers zeros while the endpoint does not exist (404). */
export function getDashboardSummary(filter: AllocationFilter = {}): Promise<DashboardSummary | null> {
  const params = new URLSearchParams();
  if (filter.entityId) params.set('entityId', filter.entityId);
  if (filter.brandId) params.set('brandId', filter.brandId);
  const search = params.toString();
  return apiGetOr<DashboardSummary | null>(`/api/dashboard/summary${search ? `?${search}` : ''}`, null);
}

export const dashboardSummaryQuery = (filter: AllocationFilter = {}) =>
  queryOptions({ queryKey: dashboardKeys.summary(filter), queryFn: () => getDashboardSummary(filter) });

export function useDashboardSummary(filter: AllocationFilter = {}) {
  return useQuery(dashboardSummaryQuery(filter));
}
