import type { Budget, CreateBudgetBody } from '@common/contracts/budgets';
import { apiRequest } from '@/lib/api-client';
import { useBudgetMutation } from './invalidate';

/** POST /api/budgets */
export function createBudget(body: CreateBudgetBody): Promise<Budget> {
  return apiRequest<Budget>('POST', '/api/budgets', body);
}

export const useCreateBudget = () => useBudgetMutation(createBudget);
