// The `cost-alert` notifications of reconciliation. The renewals work will export a shared
// raiseCostAlert(deps, orgId, …); until then this module raises them itself, deduplicated per expense.
import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import { expenses, organizations } from '../../db/schema';
import { notifyOnce } from '../notifications/notifications.service';
import { chargeFlags, expectedChargeAt, loadReconcileApps, type ReconcileApp } from './reconcile';

/** Charges older than this raise no notification (an import of last year's statements stays quiet). */
export const COST_ALERT_WINDOW_DAYS = 90;
/** At most this many notifications per write; the rest stay visible through the "flagged" filter. */
const MAX_ALERTS_PER_WRITE = 25;

export interface CostAlertInput {
  kind: 'over-expected' | 'after-cancellation';
  expenseId: string;
  subscriptionId: string;
  subscriptionName: string;
  date: string;
  amountMinor: number;
  currency: string;
  expectedMinor?: number;
  overExpectedPercent?: number | null;
  cancelledOn?: string | null;
}

/** One cost-alert notification per expense and kind. */
export async function raiseCostAlert(db: DbOrTx, orgId: string, input: CostAlertInput) {
  const amount = formatMoney(input.amountMinor, input.currency);
  const base = {
    organizationId: orgId,
    type: 'cost-alert',
    subscriptionId: input.subscriptionId,
    actionUrl: `/app/subscriptions/${input.subscriptionId}`,
    actionText: 'Review charges',
  };
  if (input.kind === 'after-cancellation') {
    return notifyOnce(db, {
      ...base,
      title: `Still being charged for ${input.subscriptionName}`,
      message: `A ${amount} charge on ${input.date} arrived after ${input.subscriptionName} was cancelled${input.cancelledOn ? ` on ${input.cancelledOn}` : ''}. Ask the vendor to stop billing and refund it.`,
      priority: 'high',
      dedupeKey: `cost-alert:cancelled:${input.expenseId}`,
    });
  }
  const expected = formatMoney(input.expectedMinor ?? 0, input.currency);
  const percent = input.overExpectedPercent ?? 0;
  return notifyOnce(db, {
    ...base,
    title: `${input.subscriptionName} charged ${percent}% more than expected`,
    message: `${amount} on ${input.date}, against ${expected} expected per billing cycle. Check for a price increase, extra seats or usage.`,
    priority: percent >= 50 ? 'high' : 'medium',
    dedupeKey: `cost-alert:expense:${input.expenseId}`,
  });
}

export async function costAlertTolerance(db: DbOrTx, orgId: string): Promise<number> {
  const [org] = await db
    .select({ percent: organizations.costAlertPercent })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org?.percent ?? 10;
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
  today: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const tolerance = await costAlertTolerance(db, orgId);
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
  for (const { row, app } of alerts.slice(0, MAX_ALERTS_PER_WRITE)) {
    const common = {
      expenseId: row.id,
      subscriptionId: app.id,
      subscriptionName: app.name,
      date: row.date,
      amountMinor: row.amountMinor,
      currency: row.currency,
    };
    if (row.chargedAfterCancellation) {
      await raiseCostAlert(db, orgId, {
        ...common,
        kind: 'after-cancellation',
        cancelledOn: app.cancelledOn,
      });
    } else {
      await raiseCostAlert(db, orgId, {
        ...common,
        kind: 'over-expected',
        expectedMinor: expectedChargeAt(app, row.date).amountMinor,
        overExpectedPercent: row.overExpectedPercent,
      });
    }
  }
  return flagged;
}
