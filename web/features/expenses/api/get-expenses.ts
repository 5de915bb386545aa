import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseList, ExpenseListQuery } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from '@/lib/expenses/keys';
import { toSearch } from './search';

/** GET /api/expenses — one page of the ledger with totals over all pages. */
export function getExpenses(query: ExpenseListQuery): Promise<ExpenseList> {
  return apiGet<ExpenseList>(
    `/api/expenses${toSearch(query as Record<string, string | number | undefined>)}`,
  );
}

export const expensesQuery = (query: ExpenseListQuery) =>
  queryOptions({
    queryKey: expenseKeys.list(query),
    queryFn: () => getExpenses(query),
    placeholderData: keepPreviousData,
  });

export function useExpenses(query: ExpenseListQuery) {
  return useQuery(expensesQuery(query));
}
