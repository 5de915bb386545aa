// The forecast (Growth), month by month from the current month on: what the live applications are
// still due to charge (their renewals and recurring charges from the charge schedule, from today on:
// common/spend-forecast.ts, the rule "due in the next 30 days" follows too) + the trend of the spend
// they do not cover (the average of the last 6 complete months of actual spend beyond what was due).
// The current month is the first: its actual spend so far, plus what is still due in the rest of it
// and the trend for its remaining days. History is "last 12 months" (the 12 whole months before).
import type { z } from 'zod';
import { lastTwelveMonths } from '../../../common/analytics-range';
import type { BillingCycle } from '../../../common/billing';
import { chargeDates, monthsBetween } from '../../../common/charge-schedule';
import type { AnalyticsForecastResponse, analyticsForecastQuery } from '../../../common/contracts/analytics';
import { addMonths, daysBetween, endOfMonth, startOfMonth } from '../../../common/dates';
import { stillDueByMonth } from '../../../common/spend-forecast';
import type { RequestContext, ServiceDeps } from '../../types';
import { scopeOf, todayOf } from './range';
import { actualSpend, committedApplications, type CommittedApplication } from './spend.repo';

export type ForecastQuery = z.output<typeof analyticsForecastQuery>;

const TREND_MONTHS = 6;

export const FORECAST_METHOD =
  'This month: spend so far, plus the renewals and recurring charges still due in the rest of it. ' +
  'Committed: the renewals and recurring charges of active and trial applications due in each month ' +
  "(from today on), converted at today's rates. Trend: the average of the last 6 complete months of " +
  'spend not covered by those charges (unmatched and variable spend), carried forward.';

const asDue = (app: CommittedApplication) => ({ ...app, billingCycle: app.billingCycle as BillingCycle });

/**
 * What the applications were due to charge in each month of [from, to] (whole past months; every
 * charge date of their schedule), keyed 'YYYY-MM': one schedule per application for all the months.
 */
function scheduledByMonth(apps: CommittedApplication[], from: string, to: string): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (month: string, amount: number) => totals.set(month, (totals.get(month) ?? 0) + amount);
  for (const app of apps) {
    if (!app.cycleMinor) continue;
    const anchor = app.nextRenewalDate ?? app.startDate;
    if (!anchor) {
      for (const month of monthsBetween(from, to)) add(month, app.monthlyMinor ?? 0);
      continue;
    }
    const dates = chargeDates(
      {
        cycle: app.billingCycle as BillingCycle,
        intervalMonths: app.intervalMonths,
        anchorDate: anchor,
        startDate: app.committedFrom,
        endDate: app.autoRenew ? null : app.nextRenewalDate,
      },
      from,
      to,
    );
    for (const date of dates) add(date.slice(0, 7), app.cycleMinor);
  }
  return totals;
}

/** What the applications are still due to charge in each month of [from, to] (stillDueByMonth, summed). */
function stillDueByMonthOf(apps: CommittedApplication[], from: string, to: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const app of apps) {
    for (const [month, amount] of stillDueByMonth(asDue(app), from, to)) {
      totals.set(month, (totals.get(month) ?? 0) + amount);
    }
  }
  return totals;
}

export async function getForecast(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ForecastQuery,
): Promise<AnalyticsForecastResponse> {
  const today = todayOf(deps);
  const thisMonth = startOfMonth(today);
  const past = lastTwelveMonths(today);
  const scope = await scopeOf(deps, ctx, { from: past.from, to: endOfMonth(thisMonth) }, query);
  const [actualRows, apps] = await Promise.all([
    actualSpend(deps.db, scope, ['none'], true),
    committedApplications(deps.db, scope, 'none', ctx.org.currency, today),
  ]);
  const actualOf = new Map(actualRows.map((r) => [r.month, r.amountMinor]));
  const history = monthsBetween(past.from, past.to).map((month) => ({
    month,
    actualMinor: actualOf.get(month) ?? 0,
  }));

  // The complete months before this one: spend beyond what the applications were due to charge.
  const trendFrom = addMonths(thisMonth, -TREND_MONTHS);
  const trendTo = addMonths(thisMonth, -1);
  const scheduled = scheduledByMonth(apps, trendFrom, endOfMonth(trendTo));
  const uncovered = monthsBetween(trendFrom, trendTo).map((month) =>
    Math.max(0, (actualOf.get(month) ?? 0) - (scheduled.get(month) ?? 0)),
  );
  const trendMinor = Math.round(uncovered.reduce((a, b) => a + b, 0) / TREND_MONTHS);

  // This month from today on (only what is still due), the later ones whole.
  const due = stillDueByMonthOf(apps, today, endOfMonth(addMonths(thisMonth, query.months - 1)));
  const months = Array.from({ length: query.months }, (_, i) => {
    const monthStart = addMonths(thisMonth, i);
    const monthEnd = endOfMonth(monthStart);
    const current = i === 0;
    // This month: what was spent so far, and only what is still due from today to its end.
    const actualMinor = current ? (actualOf.get(monthStart.slice(0, 7)) ?? 0) : 0;
    const committedMinor = due.get(monthStart.slice(0, 7)) ?? 0;
    const daysLeft = daysBetween(today, monthEnd) + 1;
    const monthDays = daysBetween(monthStart, monthEnd) + 1;
    const trend = current ? Math.round((trendMinor * daysLeft) / monthDays) : trendMinor;
    return {
      month: monthStart.slice(0, 7),
      actualMinor,
      committedMinor,
      trendMinor: trend,
      forecastMinor: actualMinor + committedMinor + trend,
    };
  });
  return {
    currency: ctx.org.currency,
    method: FORECAST_METHOD,
    from: `${months[0]!.month}-01`,
    to: endOfMonth(`${months[months.length - 1]!.month}-01`),
    history,
    months,
    totalMinor: months.reduce((total, m) => total + m.forecastMinor, 0),
  };
}
