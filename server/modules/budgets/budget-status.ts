// A budget's status in its current period and its month-by-month history.
import { addDays, addMonths, endOfMonth, fiscalPeriod, type FiscalPeriod } from '../../../common/dates';
import { monthOf, monthsBetween } from '../../../common/charge-schedule';
import { budgetPercent, budgetState } from '../../../common/budget-state';
import { mulDivMinor } from '../../../common/money';
import type { DbOrTx } from '../../db/client';
import type { budgets } from '../../db/schema';
import { actualBetween, actualByMonth, committedApps, committedBetween } from './budget-spend.repo';

export type BudgetRow = typeof budgets.$inferSelect;

const MONTHS_IN: Record<FiscalPeriod, number> = { monthly: 1, quarterly: 3, annual: 12 };

/** What a budget's figures need of its organization. */
export interface BudgetOrg {
  currency: string;
  fiscalYearStartMonth: number;
}

/** The highest threshold `spent` has reached, in exact integer arithmetic. */
function reached(thresholds: number[], spent: number, amount: number): number | null {
  const hit = thresholds.filter((t) => spent * 100 >= t * amount);
  return hit.length > 0 ? Math.max(...hit) : null;
}

/**
 * A budget's figures in its own current period (the month, fiscal quarter or fiscal year containing
 * today): the one function the Budgets page, the executive summary, the budget-vs-actual report and
 * the threshold alerts read. Actual: every charge of its scope from the period's start to today
 * (budget-spend.ts); committed: what its applications are still due to charge until the period's
 * end; the state and its wording: common/budget-state.ts.
 */
export async function budgetStatus(
  db: DbOrTx,
  orgId: string,
  budget: BudgetRow,
  today: string,
  org: BudgetOrg,
) {
  const { start, end } = fiscalPeriod(today, org.fiscalYearStartMonth, budget.period);
  const { actualMinor, unconvertedCount } = await actualBetween(
    db,
    orgId,
    org.currency,
    budget,
    start,
    today,
    today,
  );
  const tomorrow = addDays(today, 1);
  const committedMinor = committedBetween(await committedApps(db, orgId, budget), tomorrow, end);
  const forecastMinor = actualMinor + committedMinor;
  const amount = budget.amountMinor;
  return {
    periodStart: start,
    periodEnd: end,
    actualMinor,
    committedMinor,
    forecastMinor,
    remainingMinor: amount - actualMinor,
    actualPercent: budgetPercent(actualMinor, amount),
    forecastPercent: budgetPercent(forecastMinor, amount),
    actualThreshold: reached(budget.thresholds, actualMinor, amount),
    forecastThreshold: reached(budget.thresholds, forecastMinor, amount),
    state: budgetState({ amountMinor: amount, actualMinor, forecastMinor, thresholds: budget.thresholds }),
    unconvertedCount,
  };
}
export type BudgetStatusValue = Awaited<ReturnType<typeof budgetStatus>>;

/**
 * Month by month: the budget's share (cumulative within each budget period, so a quarter's three
 * months add up to the quarter's amount), matched spend (null for months to come) and forecast
 * (spend so far, plus what applications will still charge).
 */
export async function budgetHistory(
  db: DbOrTx,
  orgId: string,
  budget: BudgetRow,
  today: string,
  org: BudgetOrg,
  count: number,
) {
  const fiscalYearStartMonth = org.fiscalYearStartMonth;
  const yearEnd = fiscalPeriod(today, fiscalYearStartMonth, 'annual').end;
  const first = addMonths(`${monthOf(yearEnd)}-01`, 1 - count);
  const { months: actual } = await actualByMonth(db, orgId, org.currency, budget, first, today, today);
  const apps = await committedApps(db, orgId, budget);
  const currentMonth = monthOf(today);
  const perPeriod = MONTHS_IN[budget.period];
  let cumBudget = 0;
  let cumActual = 0;
  let cumForecast = 0;
  return monthsBetween(first, yearEnd).map((month) => {
    const monthStart = `${month}-01`;
    const period = fiscalPeriod(monthStart, fiscalYearStartMonth, budget.period);
    const index = monthsBetween(period.start, monthStart).length; // 1-based month within its period
    if (index === 1) [cumBudget, cumActual, cumForecast] = [0, 0, 0];
    const budgetCum = mulDivMinor(budget.amountMinor, index, perPeriod);
    const budgetMinor = budgetCum - cumBudget;
    cumBudget = budgetCum;
    const spent = actual.get(month) ?? 0;
    const isPast = month < currentMonth;
    const isCurrent = month === currentMonth;
    const actualMinor = isPast || isCurrent ? spent : null;
    const still = isPast
      ? 0
      : committedBetween(apps, isCurrent ? addDays(today, 1) : monthStart, endOfMonth(monthStart));
    const forecastMinor = (actualMinor ?? 0) + still;
    cumActual += actualMinor ?? 0;
    cumForecast += forecastMinor;
    return {
      month,
      budgetMinor,
      actualMinor,
      forecastMinor,
      cumulativeBudgetMinor: cumBudget,
      cumulativeActualMinor: actualMinor === null ? null : cumActual,
      cumulativeForecastMinor: cumForecast,
    };
  });
}
