import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseList, ExpenseListQuery, ExpenseTotals, ExpenseTotalsQuery } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from '@/lib/expenses/keys';

/** Query string of the ledger filters, leaving out empty values. */
export function toSearch(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/expenses — one page of the ledger with totals over all pages. */
export function getExpenses(query: ExpenseListQuery): Promise<ExpenseList> {
  return apiGet<ExpenseList>(`/api/expenses${toSearch(query as Record<string, string | number | undefined>)}`);
}

export const expensesQuery = (query: ExpenseListQuery) =>
  queryOptions({ queryKey: expenseKeys.list(query), queryFn: () => getExpenses(query), placeholderData: keepPreviousData });

export function useExpenses(query: ExpenseListQuery) {
  return useQuery(expensesQuery(query));
}

/** GET /api/expenses/totals — count and sums of the filtered ledger; cached across page turns. */
export function getExpenseTotals(query: ExpenseTotalsQuery): Promise<ExpenseTotals> {
  return apiGet<ExpenseTotals>(`/api/expenses/totals${toSearch(query as Record<string, string | undefined>)}`);
}

export function useExpenseTotals(query: ExpenseTotalsQuery) {
  return useQuery({
    queryKey: expenseKeys.totals(query),
    queryFn: () => getExpenseTotals(query),
    placeholderData: keepPreviousData,
  });
}
