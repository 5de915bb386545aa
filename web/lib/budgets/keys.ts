import type { AllocationFilter } from '@common/contracts/entities';

export const budgetKeys = {
  all: ['budgets'] as const,
  list: (filter: AllocationFilter = {}) => ['budgets', 'list', filter] as const,
  history: (id: string, months: number) => ['budgets', 'history', id, months] as const,
};
