import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Budget } from '@common/contracts/budgets';
import type { AllocationFilter } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { budgetKeys } from '@/lib/budgets/keys';

/**
 * GET /api/budgets — every budget with its current period's actual, committed and forecast; with an
 * entity or brand, those scoped or allocated to it.
 */
export function getBudgets(filter: AllocationFilter = {}): Promise<Budget[]> {
  const params = new URLSearchParams();
  if (filter.entityId) params.set('entityId', filter.entityId);
  if (filter.brandId) params.set('brandId', filter.brandId);
  const search = params.toString();
  return apiGet<Budget[]>(`/api/budgets${search ? `?${search}` : ''}`);
}

export const budgetsQuery = (filter: AllocationFilter = {}) =>
  queryOptions({ queryKey: budgetKeys.list(filter), queryFn: () => getBudgets(filter) });

export function useBudgets(enabled = true, filter: AllocationFilter = {}) {
  return useQuery({ ...budgetsQuery(filter), enabled });
}
