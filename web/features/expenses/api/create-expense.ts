import type { CreateExpenseBody, Expense } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

/** POST /api/expenses */
export function createExpense(body: CreateExpenseBody): Promise<Expense> {
  return apiRequest<Expense>('POST', '/api/expenses', body);
}

export const useCreateExpense = () => useExpenseMutation(createExpense);
