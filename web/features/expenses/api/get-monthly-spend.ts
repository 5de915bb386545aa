import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlySpend } from '@common/contracts/expenses';
import { apiGet } from '@/lib/api-client';
import { toSearch } from './search';
import { expenseKeys } from '@/lib/expenses/keys';

/** GET /api/expenses/monthly — spend per month and category (organization currency). */
export function getMonthlySpend(range: { from?: string; to?: string } = {}): Promise<MonthlySpend> {
  return apiGet<MonthlySpend>(`/api/expenses/monthly${toSearch(range)}`);
}

export const monthlySpendQuery = (range: { from?: string; to?: string } = {}) =>
  queryOptions({ queryKey: expenseKeys.monthly(range), queryFn: () => getMonthlySpend(range) });

export function useMonthlySpend(range: { from?: string; to?: string } = {}) {
  return useQuery(monthlySpendQuery(range));
}
