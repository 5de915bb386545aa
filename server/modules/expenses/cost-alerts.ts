// The `cost-alert` notifications of reconciliation, raised through the alerts module so they follow
// the organization's rules (one threshold, in Settings → Notifications) and reach its channels.
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { chargedAfterCancellationAlert, overExpectedAlert, type Alert } from '../alerts/alert-rules';
import { alertRulesOf, raiseAlerts } from '../alerts/alerts.service';
import { chargeFlags, expectedChargeAt, loadReconcileApps, type ReconcileApp } from './reconcile';

/** Charges older than this raise no notification (an import of last year's statements stays quiet). */
export const COST_ALERT_WINDOW_DAYS = 90;
/** At most this many notifications per write; the rest stay visible through the "flagged" filter. */
const MAX_ALERTS_PER_WRITE = 25;

/** How far above expected a charge may go before it is flagged: the cost-alert rule's threshold. */
export async function costAlertTolerance(db: DbOrTx, orgId: string): Promise<number> {
  return (await alertRulesOf(db, orgId)).costAlert.thresholdPct;
}

type ChargeRow = {
  id: string;
  date: string;
  amountMinor: number;
  currency: string;
  subscriptionId: string | null;
  overExpectedPercent: number | null;
  chargedAfterCancellation: boolean;
};

/**
 * Recomputes the flags of the given expenses and raises cost alerts for recent flagged charges.
 * Call it after any write that changes amounts, dates or matches.
 */
export async function reconcileExpenses(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const today = todayInTimeZone(now);
  const rules = await alertRulesOf(db, orgId);
  const tolerance = rules.costAlert.thresholdPct;
  let flagged = 0;
  const alerts: Array<{ row: ChargeRow; app: ReconcileApp }> = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const rows: ChargeRow[] = await db
      .select({
        id: expenses.id,
        date: expenses.date,
        amountMinor: expenses.amountMinor,
        currency: expenses.currency,
        subscriptionId: expenses.subscriptionId,
        overExpectedPercent: expenses.overExpectedPercent,
        chargedAfterCancellation: expenses.chargedAfterCancellation,
      })
      .from(expenses)
      .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids.slice(i, i + 5000))));
    const appIds = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
    const apps = await loadReconcileApps(db, orgId, appIds);
    const changes = new Map<string, { flags: ReturnType<typeof chargeFlags>; ids: string[] }>();
    for (const row of rows) {
      const app = row.subscriptionId ? apps.get(row.subscriptionId) : undefined;
      const flags = chargeFlags(app, row, tolerance);
      if (flags.overExpectedPercent !== null || flags.chargedAfterCancellation) {
        flagged += 1;
        if (app && row.date >= addDays(today, -COST_ALERT_WINDOW_DAYS))
          alerts.push({ row: { ...row, ...flags }, app });
      }
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
      await db
        .update(expenses)
        .set(flags)
        .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, changed)));
    }
  }
  alerts.sort((a, b) => (a.row.date < b.row.date ? 1 : -1));
  const raised = alerts.slice(0, MAX_ALERTS_PER_WRITE).map(({ row, app }): Alert | null => {
    const charge = {
      expenseId: row.id,
      subscriptionId: app.id,
      name: app.name,
      ownerUserId: app.ownerUserId,
      date: row.date,
      amountMinor: row.amountMinor,
      currency: row.currency,
    };
    return row.chargedAfterCancellation
      ? chargedAfterCancellationAlert({ ...charge, cancelledOn: app.cancelledOn }, rules)
      : overExpectedAlert(
          {
            ...charge,
            expectedMinor: expectedChargeAt(app, row.date).amountMinor,
            overPercent: row.overExpectedPercent ?? 0,
          },
          rules,
        );
  });
  await raiseAlerts(
    db,
    now,
    orgId,
    raised.filter((alert): alert is Alert => alert !== null),
  );
  return flagged;
}
