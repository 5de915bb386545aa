import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/lib/organizations/keys';
import { budgetKeys } from '@/lib/budgets/keys';
import { notificationKeys } from '@/lib/notifications/keys';
import { expenseKeys } from './keys';

/**
 * Expenses feed the ledger, queue, charts, discoveries, budgets (actual/forecast), notifications
 * (cost and budget alerts) and setup progress: a write refreshes them together.
 */
export async function invalidateExpenses(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: expenseKeys.all }),
    queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  ]);
}
