// A budget's state: one rule and one wording for the Budgets page, the executive summary, the
// budget-vs-actual report, Analytics and the threshold alerts. Pure and isomorphic.
//   over      actual spend is above the budget;
//   at-risk   the forecast (actual + what is still due in the period) is above it, or actual spend
//             has reached the lowest alert threshold;
//   on-track  otherwise.
export const BUDGET_STATES = ['on-track', 'at-risk', 'over'] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];

export const BUDGET_STATE_LABELS: Record<BudgetState, string> = {
  'on-track': 'On track',
  'at-risk': 'At risk',
  over: 'Over budget',
};

export interface BudgetFigures {
  amountMinor: number;
  actualMinor: number;
  /** Actual + committed still to come in the period (equal to actual for a period that is over). */
  forecastMinor: number;
  thresholds: readonly number[];
}

export function budgetState(f: BudgetFigures): BudgetState {
  if (f.actualMinor > f.amountMinor) return 'over';
  const lowest = f.thresholds.length > 0 ? Math.min(...f.thresholds) : 100;
  if (f.forecastMinor > f.amountMinor || f.actualMinor * 100 >= lowest * f.amountMinor) return 'at-risk';
  return 'on-track';
}

/** Part of whole in percent, one decimal; 0 for a zero budget. */
export const budgetPercent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
