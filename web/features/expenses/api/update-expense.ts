import type { Expense, UpdateExpenseBody } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

/** PATCH /api/expenses/{id} */
export function updateExpense({ id, ...body }: UpdateExpenseBody & { id: string }): Promise<Expense> {
  return apiRequest<Expense>('PATCH', `/api/expenses/${encodeURIComponent(id)}`, body);
}

export const useUpdateExpense = () => useExpenseMutation(updateExpense);
