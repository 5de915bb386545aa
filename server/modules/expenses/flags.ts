// Reconciliation flags on expenses: a charge above what its application should cost (beyond the
// cost-alert threshold of Settings → Notifications) or dated after it was cancelled. Computed in
// the writing transaction, so the response shows them; the cost alerts follow as an event.
import type { DbOrTx } from '../../db/client';
import type { EventHandler } from '../../lib/events/event-bus';
import { loadSettings } from '../alerts';
import { chargeFlags } from './reconcile';
import { chargeIdsOfApplications, chargesToReconcile, setChargeFlags } from './flags.repo';
import { loadReconcileApps } from './reconcile.repo';

/** Charges older than this raise no notification (an import of last year's statements stays quiet). */
export const COST_ALERT_WINDOW_DAYS = 90;

/** How far above expected a charge may go before it is flagged: the cost-alert rule's threshold. */
export async function costAlertTolerance(db: DbOrTx, orgId: string): Promise<number> {
  return (await loadSettings(db, orgId)).rules.costAlert.thresholdPct;
}

/**
 * An application's cancellation date changed: its charges' "after cancellation" flags follow, whenever
 * they were recorded (the ledger then agrees with insights, which read the date directly).
 */
export const cancellationFlagsHandler: EventHandler<'subscription.cancellation_changed'> = {
  name: 'expenses.cancellation-flags',
  events: ['subscription.cancellation_changed'],
  handle: async (tx, event) => {
    const rows = await chargeIdsOfApplications(tx, event.organizationId, event.payload.subscriptionIds);
    await reconcileExpenses(
      tx,
      event.organizationId,
      rows.map((r) => r.id),
    );
  },
};

/** Recomputes the flags of the given expenses; answers how many are flagged. */
export async function reconcileExpenses(db: DbOrTx, orgId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const tolerance = await costAlertTolerance(db, orgId);
  let flagged = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await chargesToReconcile(db, orgId, ids.slice(i, i + 5000));
    const appIds = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
    const apps = await loadReconcileApps(db, orgId, appIds);
    const changes = new Map<string, { flags: ReturnType<typeof chargeFlags>; ids: string[] }>();
    for (const row of rows) {
      const app = row.subscriptionId ? apps.get(row.subscriptionId) : undefined;
      const flags = chargeFlags(app, row, tolerance);
      if (flags.overExpectedPercent !== null || flags.chargedAfterCancellation) flagged += 1;
      if (
        flags.overExpectedPercent === row.overExpectedPercent &&
        flags.chargedAfterCancellation === row.chargedAfterCancellation
      )
        continue;
      const key = `${flags.overExpectedPercent}|${flags.chargedAfterCancellation}`;
      const group = changes.get(key) ?? { flags, ids: [] };
      group.ids.push(row.id);
      changes.set(key, group);
    }
    for (const { flags, ids: changed } of changes.values()) {
      await setChargeFlags(db, orgId, changed, flags);
    }
  }
  return flagged;
}
