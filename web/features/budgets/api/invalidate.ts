import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications';
import { organizationKeys } from '@/features/organizations';
import { budgetKeys } from './keys';

/** Budgets, their alerts and the setup step (first budget) change together. */
export function useBudgetMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]),
  });
}
