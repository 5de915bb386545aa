export const budgetKeys = {
  all: ['budgets'] as const,
  list: () => ['budgets', 'list'] as const,
  history: (id: string, months: number) => ['budgets', 'history', id, months] as const,
};
