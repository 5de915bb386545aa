import { alertsJob, retryDeliveries } from '../modules/alerts/alerts.job';
import { spendCellsTask } from '../modules/analytics/cells.job';
import { auditRetentionJob } from '../modules/audit/audit.job';
import { trialLifecycleJob } from '../modules/billing/trial-lifecycle.job';
import { peerBenchmarksTask } from '../modules/benchmarks/aggregate.job';
import { budgetAlertsJob } from '../modules/budgets/budgets.job';
import { connectorsJob } from '../modules/connectors/connectors.job';
import { fxRatesFeedTask } from '../modules/fx-rates/feed';
import { inboundSweepTask } from '../modules/invoice-forwarding/inbound.job';
import { insightsJob } from '../modules/insights/insights.job';
import { insightsDigestJob } from '../modules/insights/weekly-digest';
import { renewalsJob } from '../modules/renewals/renewals.job';
import { reportRecoveryTask, reportSchedulesJob } from '../modules/report-schedules/report-schedules.job';
import { renderReport } from '../modules/reports';
import { pruneEvents } from '../lib/events/prune';
import type { DailyJob, PeriodicTask } from './scheduler';

/**
 * Every organization's daily work, in order; features add theirs here. Renewals settle before
 * insights are generated (a renewal that rolled forward is a new renewal to size) and alerts run;
 * the weekly savings digest (Mondays) comes after the day's insight generation. Scheduled reports
 * go last, once the day's data is settled; then the audit log drops what its retention no longer keeps.
 */
export const dailyJobs: DailyJob[] = [
  trialLifecycleJob,
  connectorsJob,
  renewalsJob,
  insightsJob,
  alertsJob,
  budgetAlertsJob,
  insightsDigestJob,
  reportSchedulesJob(renderReport),
  auditRetentionJob,
];

/**
 * Work done every few minutes on one server: e-mail and Slack/webhook retries, pruning old events,
 * re-sending forwarded invoices a crash left unprocessed, finishing scheduled reports a killed
 * server left 'sending', the daily FX rate feed (FX_RATES_URL), analytics' read model for organizations with writes.
 */
export const periodicTasks: PeriodicTask[] = [
  { name: 'email-retries', run: (deps) => deps.mailer.retryFailed() },
  { name: 'delivery-retries', run: retryDeliveries },
  { name: 'prune-events', everyMinutes: 60, run: (deps) => pruneEvents(deps.db, deps.clock.now()) },
  peerBenchmarksTask,
  inboundSweepTask,
  reportRecoveryTask(renderReport),
  fxRatesFeedTask,
  spendCellsTask,
];
