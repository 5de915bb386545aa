// Budget thresholds: one `budget-alert` notification per budget, period, threshold and measure
// (actual spend, or forecast), evaluated after expense writes and by the daily job.
import { alertPriority } from '../../../common/alert-priority';
import { canUseFeature } from '../../../common/plans';
import { formatMoney } from '../../../common/money';
import { todayInTimeZone } from '../../../common/dates';
import type { EventHandler } from '../../lib/events/event-bus';
import type { DbOrTx } from '../../db/client';
import { type Alert, raiseAlerts } from '../alerts';
import { effectivePlanOf, findOrganization } from '../organizations';
import { budgetStatus, type BudgetRow, type BudgetStatusValue } from './budget-status';
import { listBudgetRows } from './budgets.repo';
import { formatProsePeriod } from '../../../common/wording';

const PERIOD_WORD = { monthly: 'month', quarterly: 'quarter', annual: 'fiscal year' } as const;

export function budgetAlertKey(
  budgetId: string,
  periodStart: string,
  threshold: number,
  measure: 'actual' | 'forecast',
) {
  return `budget:${budgetId}:${periodStart}:${threshold}:${measure}`;
}

/** The threshold alerts a budget's status calls for (each raised once per period, by its key). */
function alertsFor(budget: BudgetRow, status: BudgetStatusValue): Alert[] {
  const alerts: Alert[] = [];
  const money = (minor: number) => formatMoney(minor, budget.currency);
  // Money at stake: how far spend is, or is forecast to be, over the budget (0 while within it).
  const priority = alertPriority({
    atStakeMinor: Math.max(status.actualMinor, status.forecastMinor) - budget.amountMinor,
    currency: budget.currency,
    daysLeft: null,
  });
  const spent = `${money(status.actualMinor)} of ${money(budget.amountMinor)} spent this ${PERIOD_WORD[budget.period]} (${formatProsePeriod(status.periodStart, status.periodEnd)})`;
  for (const threshold of [...budget.thresholds].sort((a, b) => a - b)) {
    // Actual spend past a threshold says more than a forecast of it: raise that one alone.
    const measure =
      status.actualMinor * 100 >= threshold * budget.amountMinor
        ? 'actual'
        : status.forecastMinor * 100 >= threshold * budget.amountMinor
          ? 'forecast'
          : null;
    if (!measure) continue;
    const over = threshold >= 100;
    alerts.push({
      type: 'budget-alert',
      title:
        measure === 'actual'
          ? over
            ? `${budget.name} is over budget`
            : `${budget.name} has used ${threshold}% of its budget`
          : `${budget.name} is forecast to reach ${threshold}% of its budget`,
      message:
        measure === 'actual'
          ? `${spent}.`
          : `${spent}; with ${money(status.committedMinor)} of renewals still to come, the forecast is ${money(status.forecastMinor)}.`,
      priority,
      dueOn: null,
      subscriptionId: budget.scope === 'application' ? budget.scopeId : null,
      ownerUserId: null,
      actionUrl: '/app/budget',
      actionText: 'View budget',
      dedupeKey: budgetAlertKey(budget.id, status.periodStart, threshold, measure),
    });
  }
  return alerts;
}

/** Checks every budget of the organization (on a plan with budgets) against its thresholds. */
export async function evaluateBudgetAlerts(
  db: DbOrTx,
  orgId: string,
  now: Date,
  today = todayInTimeZone(now),
) {
  const org = await findOrganization(db, orgId);
  if (!org || !canUseFeature(effectivePlanOf(org, now), 'budget')) return;
  const rows = await listBudgetRows(db, orgId);
  const alerts: Alert[] = [];
  for (const budget of rows) {
    const status = await budgetStatus(db, orgId, budget, today, org);
    alerts.push(...alertsFor(budget, status));
  }
  await raiseAlerts(db, now, orgId, alerts);
}

/** Budget thresholds are checked again whenever expenses are booked, changed or removed. */
export const budgetAlertsHandler: EventHandler<'expense.recorded' | 'expense.removed'> = {
  name: 'budgets.thresholds',
  events: ['expense.recorded', 'expense.removed'],
  handle: (tx, event) => evaluateBudgetAlerts(tx, event.organizationId, event.occurredAt),
};
