// The forecast (Growth): the next months' spend = what the live applications are due to charge
// (their renewals and recurring charges from the charge schedule) + the trend of the spend they do
// not cover (the average of the last 6 complete months of actual spend beyond what was due).
import type { z } from 'zod';
import { monthsBetween } from '../../../common/charge-schedule';
import { chargeDates } from '../../../common/charge-schedule';
import type { BillingCycle } from '../../../common/billing';
import type { AnalyticsForecastResponse, analyticsForecastQuery } from '../../../common/contracts/analytics';
import { addMonths, endOfMonth, startOfMonth } from '../../../common/dates';
import type { RequestContext, ServiceDeps } from '../../types';
import { scopeOf, todayOf } from './range';
import { actualSpend, committedApplications, type CommittedApplication } from './spend.repo';

export type ForecastQuery = z.output<typeof analyticsForecastQuery>;

const HISTORY_MONTHS = 12;
const TREND_MONTHS = 6;

export const FORECAST_METHOD =
  'Committed: the renewals and recurring charges of active and trial applications due in each month, ' +
  "converted at today's rates. Trend: the average of the last 6 complete months of spend not covered " +
  'by those charges (unmatched and variable spend), carried forward.';

/** What the application is due to charge in the month starting `monthStart` (its share, converted). */
function dueIn(app: CommittedApplication, monthStart: string): number {
  if (app.cycleMinor === null || app.cycleMinor === 0) return 0;
  const anchor = app.nextRenewalDate ?? app.startDate;
  // Without any date to anchor a schedule on, it charges its monthly equivalent.
  if (!anchor) return app.monthlyMinor ?? 0;
  const dates = chargeDates(
    {
      cycle: app.billingCycle as BillingCycle,
      intervalMonths: app.intervalMonths,
      anchorDate: anchor,
      startDate: app.startDate,
      endDate: app.autoRenew ? null : app.nextRenewalDate,
    },
    monthStart,
    endOfMonth(monthStart),
  );
  return dates.length * app.cycleMinor;
}

const dueInMonth = (apps: CommittedApplication[], monthStart: string) =>
  apps.reduce((total, app) => total + dueIn(app, monthStart), 0);

export async function getForecast(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ForecastQuery,
): Promise<AnalyticsForecastResponse> {
  const today = todayOf(deps);
  const thisMonth = startOfMonth(today);
  const historyFrom = addMonths(thisMonth, 1 - HISTORY_MONTHS);
  const range = { from: historyFrom, to: endOfMonth(thisMonth) };
  const scope = await scopeOf(deps, ctx, range, query);
  const [actualRows, apps] = await Promise.all([
    actualSpend(deps.db, scope, ['none'], true),
    committedApplications(deps.db, scope, 'none', ctx.org.currency, today),
  ]);
  const actualOf = new Map(actualRows.map((r) => [r.month, r.amountMinor]));
  const history = monthsBetween(range.from, range.to).map((month) => ({
    month,
    actualMinor: actualOf.get(month) ?? 0,
  }));

  // The complete months before this one: spend beyond what the applications were due to charge.
  const uncovered = monthsBetween(addMonths(thisMonth, -TREND_MONTHS), addMonths(thisMonth, -1)).map(
    (month) => Math.max(0, (actualOf.get(month) ?? 0) - dueInMonth(apps, `${month}-01`)),
  );
  const trendMinor = Math.round(uncovered.reduce((a, b) => a + b, 0) / TREND_MONTHS);

  const months = Array.from({ length: query.months }, (_, i) => {
    const monthStart = addMonths(thisMonth, i + 1);
    const committedMinor = dueInMonth(apps, monthStart);
    return {
      month: monthStart.slice(0, 7),
      committedMinor,
      trendMinor,
      forecastMinor: committedMinor + trendMinor,
    };
  });
  return {
    currency: ctx.org.currency,
    method: FORECAST_METHOD,
    history,
    months,
    totalMinor: months.reduce((total, m) => total + m.forecastMinor, 0),
  };
}
