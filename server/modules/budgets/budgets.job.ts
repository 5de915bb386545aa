import type { DailyJob } from '../../jobs/scheduler';
import { evaluateBudgetAlerts } from './budget-alerts';

/** Daily: budget thresholds crossed by the passing of time (forecasts) or by spend recorded elsewhere. */
export const budgetAlertsJob: DailyJob = {
  name: 'budget-alerts',
  async run(deps, { orgId, date }) {
    await evaluateBudgetAlerts(deps.db, orgId, deps.clock.now(), date);
  },
};
