import type { Expense, ExpenseRule } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

export interface MatchResult {
  expense: Expense;
  rule: ExpenseRule | null;
  appliedCount: number;
}

/** POST /api/expenses/{id}/match { subscriptionId, learn } */
export function matchExpense(input: {
  id: string;
  subscriptionId: string;
  learn: boolean;
}): Promise<MatchResult> {
  return apiRequest<MatchResult>('POST', `/api/expenses/${encodeURIComponent(input.id)}/match`, {
    subscriptionId: input.subscriptionId,
    learn: input.learn,
  });
}

export const useMatchExpense = () => useExpenseMutation(matchExpense);
