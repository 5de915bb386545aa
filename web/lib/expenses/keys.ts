import type { ExpenseListQuery, ExpenseTotalsQuery } from '@common/contracts/expenses';

export const expenseKeys = {
  all: ['expenses'] as const,
  lists: () => ['expenses', 'list'] as const,
  list: (query: ExpenseListQuery) => ['expenses', 'list', query] as const,
  totals: (query: ExpenseTotalsQuery) => ['expenses', 'totals', query] as const,
  monthly: (range: { from?: string; to?: string }) => ['expenses', 'monthly', range] as const,
  discoveries: () => ['expenses', 'discoveries'] as const,
  rules: () => ['expenses', 'rules'] as const,
  spend: (subscriptionId: string, months: number) => ['expenses', 'spend', subscriptionId, months] as const,
  applications: () => ['expenses', 'applications'] as const,
};
