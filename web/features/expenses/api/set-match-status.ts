import type { Expense } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { useExpenseMutation } from './use-expense-mutation';

/** POST /api/expenses/{id}/ignore or /unmatch */
export function setMatchStatus(input: { id: string; action: 'ignore' | 'unmatch' }): Promise<Expense> {
  return apiRequest<Expense>('POST', `/api/expenses/${encodeURIComponent(input.id)}/${input.action}`);
}

export const useSetMatchStatus = () => useExpenseMutation(setMatchStatus);
