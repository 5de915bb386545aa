import type { ServiceDeps } from '../types';
import { budgetAlertsJob } from '../modules/budgets/budgets.job';
import type { DailyJob } from './scheduler';

/** Every daily job of the product; features add theirs here. */
export const dailyJobs: DailyJob[] = [budgetAlertsJob];

/** Work done on every scheduler tick. */
export const everyTickTasks: Array<(deps: ServiceDeps) => Promise<unknown>> = [
  (deps) => deps.mailer.retryFailed(),
];
