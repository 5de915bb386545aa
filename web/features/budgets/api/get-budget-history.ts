import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetHistory } from '@common/contracts/budgets';
import { apiGet } from '@/lib/api-client';
import { budgetKeys } from '@/lib/budgets/keys';

/** GET /api/budgets/{id}/history — budget vs actual vs forecast by month. */
export function getBudgetHistory(id: string, months = 12): Promise<BudgetHistory> {
  return apiGet<BudgetHistory>(`/api/budgets/${encodeURIComponent(id)}/history?months=${months}`);
}

export const budgetHistoryQuery = (id: string, months = 12) =>
  queryOptions({ queryKey: budgetKeys.history(id, months), queryFn: () => getBudgetHistory(id, months) });

export function useBudgetHistory(id: string | null, months = 12) {
  return useQuery({ ...budgetHistoryQuery(id ?? '', months), enabled: id !== null });
}
