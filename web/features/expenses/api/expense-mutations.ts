import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateExpenseBody, Expense, ExpenseRule, UpdateExpenseBody } from '@common/contracts/expenses';
import { apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

/** POST /api/expenses */
export function createExpense(body: CreateExpenseBody): Promise<Expense> {
  return apiRequest<Expense>('POST', '/api/expenses', body);
}

/** PATCH /api/expenses/{id} */
export function updateExpense({ id, ...body }: UpdateExpenseBody & { id: string }): Promise<Expense> {
  return apiRequest<Expense>('PATCH', `/api/expenses/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/expenses/{id} */
export function deleteExpense(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
}

export interface MatchResult {
  expense: Expense;
  rule: ExpenseRule | null;
  appliedCount: number;
}

/** POST /api/expenses/{id}/match { subscriptionId, learn } */
export function matchExpense(input: { id: string; subscriptionId: string; learn: boolean }): Promise<MatchResult> {
  return apiRequest<MatchResult>('POST', `/api/expenses/${encodeURIComponent(input.id)}/match`, {
    subscriptionId: input.subscriptionId,
    learn: input.learn,
  });
}

/** POST /api/expenses/{id}/ignore or /unmatch */
export function setMatchStatus(input: { id: string; action: 'ignore' | 'unmatch' }): Promise<Expense> {
  return apiRequest<Expense>('POST', `/api/expenses/${encodeURIComponent(input.id)}/${input.action}`);
}

function useExpenseMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateExpenses(queryClient) });
}

export const useCreateExpense = () => useExpenseMutation(createExpense);
export const useUpdateExpense = () => useExpenseMutation(updateExpense);
export const useDeleteExpense = () => useExpenseMutation(deleteExpense);
export const useMatchExpense = () => useExpenseMutation(matchExpense);
export const useSetMatchStatus = () => useExpenseMutation(setMatchStatus);

/** POST /api/expenses/{id}/document (multipart `file`): a PDF or image up to 20 MB. */
export function attachDocument(input: { id: string; file: File }): Promise<Expense> {
  return uploadFile<Expense>(`/api/expenses/${encodeURIComponent(input.id)}/document`, input.file);
}

export const useAttachDocument = () => useExpenseMutation(attachDocument);
