import { alertsJob, retryDeliveries } from '../modules/alerts/alerts.job';
import { trialLifecycleJob } from '../modules/billing/trial-lifecycle.job';
import { renewalsJob } from '../modules/renewals/renewals.job';
import type { ServiceDeps } from '../types';
import { budgetAlertsJob } from '../modules/budgets/budgets.job';
import type { DailyJob } from './scheduler';

/** Every daily job of the product; features add theirs here. Renewals settle before alerts run. */
export const dailyJobs: DailyJob[] = [trialLifecycleJob, renewalsJob, alertsJob, budgetAlertsJob];

/** Work done on every scheduler tick. */
export const everyTickTasks: Array<(deps: ServiceDeps) => Promise<unknown>> = [
  (deps) => deps.mailer.retryFailed(),
  retryDeliveries,
];
