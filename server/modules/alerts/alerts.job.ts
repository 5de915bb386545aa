import type { DailyJob } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { runAlerts } from './daily-run';
import { dispatchDeliveries } from './deliveries';

/** The alert engine: reminders, overdue and contract-expiry alerts, then deliveries and digests. */
export const alertsJob: DailyJob = {
  name: 'alerts.daily',
  run: async (deps, { orgId, date }) => {
    await runAlerts(deps, orgId, date);
  },
};

/** Every scheduler tick: send queued and retry failed Slack, webhook and e-mail deliveries. */
export const retryDeliveries = (deps: ServiceDeps) => dispatchDeliveries(deps);
