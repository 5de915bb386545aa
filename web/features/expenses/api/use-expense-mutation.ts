import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateExpenses } from '@/lib/expenses/invalidate';

/** A write to an expense: refreshes everything expenses feed. */
export function useExpenseMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateExpenses(queryClient) });
}
