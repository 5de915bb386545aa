import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExpenseTotals, ExpenseTotalsQuery } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { expenseKeys } from '@/lib/expenses/keys';
import { toSearch } from './search';

/** GET /api/expenses/totals — count and sums of the filtered ledger; cached across page turns. */
export function getExpenseTotals(query: ExpenseTotalsQuery): Promise<ExpenseTotals> {
  return apiGet<ExpenseTotals>(
    `/api/expenses/totals${toSearch(query as Record<string, string | undefined>)}`,
  );
}

export function useExpenseTotals(query: ExpenseTotalsQuery) {
  return useQuery({
    queryKey: expenseKeys.totals(query),
    queryFn: () => getExpenseTotals(query),
    placeholderData: keepPreviousData,
  });
}
