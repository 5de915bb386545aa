import { apiRequest } from '@/lib/api-client';
import { useBudgetMutation } from './invalidate';

/** DELETE /api/budgets/{id} */
export function deleteBudget(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/budgets/${encodeURIComponent(id)}`);
}

export const useDeleteBudget = () => useBudgetMutation(deleteBudget);
