import { apiRequest } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

/** DELETE /api/expenses/{id} */
export function deleteExpense(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
}

export const useDeleteExpense = () => useExpenseMutation(deleteExpense);
