import type { Budget, UpdateBudgetBody } from '@common/contracts/budgets';
import { apiRequest } from '@/lib/api-client';
import { useBudgetMutation } from './invalidate';

/** PATCH /api/budgets/{id} */
export function updateBudget({ id, ...body }: UpdateBudgetBody & { id: string }): Promise<Budget> {
  return apiRequest<Budget>('PATCH', `/api/budgets/${encodeURIComponent(id)}`, body);
}

export const useUpdateBudget = () => useBudgetMutation(updateBudget);
