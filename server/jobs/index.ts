import { alertsJob, retryDeliveries } from '../modules/alerts/alerts.job';
import { trialLifecycleJob } from '../modules/billing/trial-lifecycle.job';
import { budgetAlertsJob } from '../modules/budgets/budgets.job';
import { renewalsJob } from '../modules/renewals/renewals.job';
import type { DailyJob, PeriodicTask } from './scheduler';

/** Every organization's daily work, in order; features add theirs here. Renewals settle before alerts run. */
export const dailyJobs: DailyJob[] = [trialLifecycleJob, renewalsJob, alertsJob, budgetAlertsJob];

/** Work done about once a minute on one server: retries of e-mail and of Slack/webhook deliveries. */
export const periodicTasks: PeriodicTask[] = [
  { name: 'email-retries', run: (deps) => deps.mailer.retryFailed() },
  { name: 'delivery-retries', run: retryDeliveries },
];
