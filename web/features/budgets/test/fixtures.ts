import type { Budget, BudgetHistory, BudgetStatus } from '@common/contracts/budgets';

export const CATEGORY_ID = '77777777-7777-4777-8777-777777777777';

export function budget(
  overrides: Partial<Omit<Budget, 'status'>> = {},
  status: Partial<BudgetStatus> = {},
): Budget {
  return {
    id: 'b1',
    name: 'Engineering tools',
    period: 'quarterly',
    amountMinor: 1_000_000,
    currency: 'USD',
    scope: 'category',
    scopeId: CATEGORY_ID,
    scopeValue: null,
    scopeLabel: 'Engineering',
    thresholds: [80, 100],
    status: {
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      actualMinor: 600_000,
      committedMinor: 300_000,
      forecastMinor: 900_000,
      remainingMinor: 400_000,
      actualPercent: 60,
      forecastPercent: 90,
      actualThreshold: null,
      forecastThreshold: 80,
      state: 'at-risk',
      unconvertedCount: 0,
      ...status,
    },
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function history(id: string): BudgetHistory {
  return {
    budgetId: id,
    currency: 'USD',
    months: [
      {
        month: '2026-01',
        budgetMinor: 1_000_000,
        actualMinor: 200_000,
        forecastMinor: 200_000,
        cumulativeBudgetMinor: 1_000_000,
        cumulativeActualMinor: 200_000,
        cumulativeForecastMinor: 200_000,
      },
      {
        month: '2026-02',
        budgetMinor: 0,
        actualMinor: 400_000,
        forecastMinor: 400_000,
        cumulativeBudgetMinor: 1_000_000,
        cumulativeActualMinor: 600_000,
        cumulativeForecastMinor: 600_000,
      },
      {
        month: '2026-03',
        budgetMinor: 0,
        actualMinor: null,
        forecastMinor: 300_000,
        cumulativeBudgetMinor: 1_000_000,
        cumulativeActualMinor: null,
        cumulativeForecastMinor: 900_000,
      },
    ],
  };
}
