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
import { stillDueMinor } from '../../../common/spend-forecast';
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

/** What the applications were due to charge in a past month (every charge date of their schedule). */
function scheduledIn(apps: CommittedApplication[], monthStart: string): number {
  let total = 0;
  for (const app of apps) {
    if (!app.cycleMinor) continue;
    const anchor = app.nextRenewalDate ?? app.startDate;
    if (!anchor) {
      total += app.monthlyMinor ?? 0;
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
      monthStart,
      endOfMonth(monthStart),
    );
    total += dates.length * app.cycleMinor;
  }
  return total;
}

const stillDue = (apps: CommittedApplication[], from: string, to: string) =>
  apps.reduce((total, app) => total + stillDueMinor(asDue(app), from, to), 0);

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
  const uncovered = monthsBetween(addMonths(thisMonth, -TREND_MONTHS), addMonths(thisMonth, -1)).map(
    (month) => Math.max(0, (actualOf.get(month) ?? 0) - scheduledIn(apps, `${month}-01`)),
  );
  const trendMinor = Math.round(uncovered.reduce((a, b) => a + b, 0) / TREND_MONTHS);

  const months = Array.from({ length: query.months }, (_, i) => {
    const monthStart = addMonths(thisMonth, i);
    const monthEnd = endOfMonth(monthStart);
    const current = i === 0;
    // This month: what was spent so far, and only what is still due from today to its end.
    const actualMinor = current ? (actualOf.get(monthStart.slice(0, 7)) ?? 0) : 0;
    const committedMinor = stillDue(apps, current ? today : monthStart, monthEnd);
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
