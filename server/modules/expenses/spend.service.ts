// Spend views: one application's expected vs actual per month, and the organization's monthly spend
// by category for the expenses chart.
import { monthlyEquivalentMinor } from '../../../common/billing';
import { chargeDates, monthOf, monthsBetween } from '../../../common/charge-schedule';
import { formatMonthRange, lastTwelveMonths } from '../../../common/analytics-range';
import { addDays, addMonths, endOfMonth, startOfMonth, todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { expectedChargeAt, type ReconcileApp } from './reconcile';
import { loadReconcileApps } from './reconcile.repo';
import { applicationChargesByMonth, spendByMonthAndCategory } from './spend.repo';

/** Scheduled charges of an application per month, at the price in force on each charge date. */
export function expectedByMonth(app: ReconcileApp, from: string, to: string): Map<string, number> {
  const expected = new Map<string, number>();
  const anchor = app.nextRenewalDate ?? app.startDate;
  if (!anchor) return expected;
  const dates = chargeDates(
    {
      cycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      anchorDate: anchor,
      startDate: app.startDate,
      endDate: app.cancelledOn ? addDays(app.cancelledOn, 1) : null,
    },
    from,
    to,
  );
  for (const date of dates) {
    const price = expectedChargeAt(app, date);
    if (price.currency !== app.currency) continue;
    expected.set(monthOf(date), (expected.get(monthOf(date)) ?? 0) + price.amountMinor);
  }
  return expected;
}

export async function subscriptionSpend(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId'>,
  subscriptionId: string,
  months: number,
) {
  const db = deps.db;
  const app = (await loadReconcileApps(db, ctx.orgId, [subscriptionId])).get(subscriptionId);
  if (!app) throw notFound('Application');
  const today = todayInTimeZone(deps.clock.now());
  const to = endOfMonth(today);
  const from = addMonths(`${monthOf(today)}-01`, 1 - months);
  const expected = expectedByMonth(app, from, to);
  const { actualRows, otherCurrencyCharges, flagged } = await applicationChargesByMonth(
    db,
    ctx.orgId,
    subscriptionId,
    app.currency,
    from,
    to,
  );
  const actual = new Map(actualRows.map((r) => [r.month, r]));
  const list = monthsBetween(from, to).map((m) => {
    const expectedMinor = expected.get(m) ?? 0;
    const actualMinor = actual.get(m)?.amountMinor ?? 0;
    return {
      month: m,
      expectedMinor,
      actualMinor,
      charges: actual.get(m)?.charges ?? 0,
      variancePercent:
        expectedMinor > 0 ? Math.round(((actualMinor - expectedMinor) * 1000) / expectedMinor) / 10 : null,
    };
  });
  return {
    subscriptionId,
    currency: app.currency,
    costPerCycleMinor: app.amountMinor,
    monthlyEquivalentMinor: monthlyEquivalentMinor(app.amountMinor, app.billingCycle, app.intervalMonths),
    months: list,
    totals: {
      expectedMinor: list.reduce((n, m) => n + m.expectedMinor, 0),
      actualMinor: list.reduce((n, m) => n + m.actualMinor, 0),
    },
    otherCurrencyCharges,
    flagged,
  };
}

/**
 * The Expenses chart: spend per month and category (the expense's own, else its application's) in
 * the organization's currency — the rollup every spend figure reads (expense_month_totals: each
 * charge converted at its date), so its total is Analytics' and the reports' for the same window.
 * Charges with no rate are counted apart (`unconverted`), never left out silently. The default
 * window is "last 12 months" (`lastTwelveMonths`: the 12 whole months before the current one).
 */
export async function monthlySpend(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId' | 'org'>,
  range: { from?: string; to?: string },
  db: DbOrTx = deps.db,
) {
  const today = todayInTimeZone(deps.clock.now());
  const window = lastTwelveMonths(today);
  const to = endOfMonth(range.to ?? (range.from ? addMonths(startOfMonth(range.from), 11) : window.to));
  const from = startOfMonth(range.from ?? (range.to ? addMonths(startOfMonth(to), -11) : window.from));
  const { rows, unconverted } = await spendByMonthAndCategory(db, ctx.orgId, from, startOfMonth(to));
  const byMonth = new Map<string, Array<{ categoryId: string | null; name: string; amountMinor: number }>>();
  for (const row of rows) {
    const month = monthOf(row.month);
    const list = byMonth.get(month) ?? [];
    const amountMinor = Number(row.amount);
    if (amountMinor !== 0) {
      list.push({ categoryId: row.category_id, name: row.name ?? 'Uncategorised', amountMinor });
    }
    byMonth.set(month, list);
  }
  return {
    currency: ctx.org.currency,
    from,
    to,
    label: formatMonthRange({ from, to }),
    months: monthsBetween(from, to).map((m) => {
      const byCategory = (byMonth.get(m) ?? []).sort((a, b) => b.amountMinor - a.amountMinor);
      return { month: m, byCategory, totalMinor: byCategory.reduce((n, c) => n + c.amountMinor, 0) };
    }),
    unconverted: unconverted.map((r) => ({
      currency: r.currency,
      amountMinor: Number(r.amount),
      count: Number(r.count),
    })),
  };
}
