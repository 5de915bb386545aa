import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Budget, CreateBudgetBody, UpdateBudgetBody } from '@common/contracts/budgets';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';
import { organizationKeys } from '@/lib/organizations/keys';
import { budgetKeys } from '@/lib/budgets/keys';

/** POST /api/budgets */
export function createBudget(body: CreateBudgetBody): Promise<Budget> {
  return apiRequest<Budget>('POST', '/api/budgets', body);
}

/** PATCH /api/budgets/{id} */
export function updateBudget({ id, ...body }: UpdateBudgetBody & { id: string }): Promise<Budget> {
  return apiRequest<Budget>('PATCH', `/api/budgets/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/budgets/{id} */
export function deleteBudget(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/budgets/${encodeURIComponent(id)}`);
}

/** Budgets, their alerts and the setup step (first budget) change together. */
function useBudgetMutation<I, O>(fn: (input: I) => Promise<O>) {
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

export const useCreateBudget = () => useBudgetMutation(createBudget);
export const useUpdateBudget = () => useBudgetMutation(updateBudget);
export const useDeleteBudget = () => useBudgetMutation(deleteBudget);
