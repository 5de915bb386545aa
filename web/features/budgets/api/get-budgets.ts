import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Budget, BudgetHistory } from '@common/contracts/budgets';
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

/** GET /api/budgets/{id}/history — budget vs actual vs forecast by month. */
export function getBudgetHistory(id: string, months = 12): Promise<BudgetHistory> {
  return apiGet<BudgetHistory>(`/api/budgets/${encodeURIComponent(id)}/history?months=${months}`);
}

export const budgetHistoryQuery = (id: string, months = 12) =>
  queryOptions({ queryKey: budgetKeys.history(id, months), queryFn: () => getBudgetHistory(id, months) });

export function useBudgetHistory(id: string | null, months = 12) {
  return useQuery({ ...budgetHistoryQuery(id ?? '', months), enabled: id !== null });
}
