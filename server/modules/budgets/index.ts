// The budgets module's public face: other modules import only from here (eslint enforces it).
// Its routes are wired in server/routes.ts.
export { budgetExists, countBudgetsScopedTo, moveBudgetScope } from './budget-targets.repo';
export { actualBetween } from './budget-spend.repo';
export { listBudgets } from './budgets.service';
