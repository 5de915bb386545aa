import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@common/contracts/dashboard';
import { apiGetOr } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => ['dashboard', 'summary'] as const,
};

/** GET /api/dashboard/summary; answers zeros while the endpoint does not exist (404). */
export function getDashboardSummary(): Promise<DashboardSummary | null> {
  return apiGetOr<DashboardSummary | null>('/api/dashboard/summary', null);
}

export const dashboardSummaryQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery());
}
