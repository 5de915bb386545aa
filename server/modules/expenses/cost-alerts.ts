// The `cost-alert` notifications of reconciliation, raised after an `expense.recorded` event through
// the alerts module, so they follow the organization's rules and reach its channels.
import { addDays, todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import type { EventHandler } from '../../lib/events/event-bus';
import { type Alert, alertRulesOf, chargedAfterCancellationAlert, overExpectedAlert, raiseAlerts } from '../alerts';
import { flaggedChargesAmong } from './cost-alerts.repo';
import { COST_ALERT_WINDOW_DAYS } from './flags';
import { expectedChargeAt } from './reconcile';
import { loadReconcileApps } from './reconcile.repo';

/** At most this many notifications per write; the rest stay visible through the "flagged" filter. */
const MAX_ALERTS_PER_WRITE = 25;

/** Raises the cost alerts of the recent flagged charges among `ids` (each alert once: its dedupe key). */
export async function raiseCostAlerts(db: DbOrTx, orgId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const since = addDays(todayInTimeZone(now), -COST_ALERT_WINDOW_DAYS);
  const rules = await alertRulesOf(db, orgId);
  const flagged = await flaggedChargesAmong(db, orgId, ids, since);
  const appIds = [...new Set(flagged.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
  const apps = await loadReconcileApps(db, orgId, appIds);
  flagged.sort((a, b) => (a.date < b.date ? 1 : -1));
  const alerts = flagged.slice(0, MAX_ALERTS_PER_WRITE).flatMap((row): Alert[] => {
    const app = row.subscriptionId ? apps.get(row.subscriptionId) : undefined;
    if (!app) return [];
    const charge = {
      expenseId: row.id,
      subscriptionId: app.id,
      name: app.name,
      ownerUserId: app.ownerUserId,
      date: row.date,
      amountMinor: row.amountMinor,
      currency: row.currency,
    };
    const alert = row.chargedAfterCancellation
      ? chargedAfterCancellationAlert({ ...charge, cancelledOn: app.cancelledOn }, rules)
      : overExpectedAlert(
          { ...charge, expectedMinor: expectedChargeAt(app, row.date).amountMinor, overPercent: row.overExpectedPercent ?? 0 },
          rules,
        );
    return alert ? [alert] : [];
  });
  await raiseAlerts(db, now, orgId, alerts);
}

/** Cost alerts follow recorded expenses. */
export const costAlertsHandler: EventHandler<'expense.recorded'> = {
  name: 'expenses.cost-alerts',
  events: ['expense.recorded'],
  handle: (tx, event) => raiseCostAlerts(tx, event.organizationId, event.payload.expenseIds, event.occurredAt),
};
