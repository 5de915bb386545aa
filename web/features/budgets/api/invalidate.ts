import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/notifications/keys';
import { organizationKeys } from '@/lib/organizations/keys';
import { budgetKeys } from '@/lib/budgets/keys';

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
