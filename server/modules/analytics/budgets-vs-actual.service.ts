// Budget vs actual (Growth) over the Analytics range: each budget's amount for the part of its
// periods inside the range, and its actual spend there, as the budgets module counts it (the same
// spend rule and state wording as the Budgets page; the Budgets page shows each budget's own
// current period, this card the range picked).
import type { z } from 'zod';
import type { AnalyticsRange } from '../../../common/analytics-range';
import { budgetPercent, budgetState } from '../../../common/budget-state';
import type { AnalyticsBudgetsResponse, analyticsRangeQuery } from '../../../common/contracts/analytics';
import type { BudgetScope } from '../../../common/contracts/budgets';
import { addMonths, fiscalPeriod, monthSpan, type FiscalPeriod } from '../../../common/dates';
import { mulDivMinor } from '../../../common/money';
import type { RequestContext, ServiceDeps } from '../../types';
import { actualBetween, listBudgets } from '../budgets';
import { resolveRange, scopeOf, todayOf, type FilterInput } from './range';

type RangeQuery = z.output<typeof analyticsRangeQuery>;
type Row = AnalyticsBudgetsResponse['budgets'][number];

const SCOPE_NAMES: Record<BudgetScope, string> = {
  organization: 'Whole organization',
  category: 'Category',
  department: 'Department',
  application: 'Application',
  entity: 'Entity',
  brand: 'Brand',
};

/** The budget's amount for the months of its periods that fall inside the range (pro rata by month). */
export function budgetForRange(
  amountMinor: number,
  period: FiscalPeriod,
  range: AnalyticsRange,
  fiscalYearStartMonth: number,
): number {
  let total = 0;
  let date = range.from;
  while (date <= range.to) {
    const whole = fiscalPeriod(date, fiscalYearStartMonth, period);
    const end = whole.end < range.to ? whole.end : range.to;
    total += mulDivMinor(amountMinor, monthSpan(date, end), monthSpan(whole.start, whole.end));
    date = addMonths(whole.start, monthSpan(whole.start, whole.end));
  }
  return total;
}

export async function getBudgetsVsActual(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: RangeQuery,
): Promise<AnalyticsBudgetsResponse> {
  return budgetsOfRange(deps, ctx, resolveRange(deps, ctx, query), query);
}

/** Budgets against actual spend over a resolved range (reports pass their own period). */
export async function budgetsOfRange(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: AnalyticsRange,
  query: FilterInput,
): Promise<AnalyticsBudgetsResponse> {
  await scopeOf(deps, ctx, range, query); // 404 for another organization's entity or brand
  const budgets = await listBudgets(deps, ctx, { entityId: query.entityId, brandId: query.brandId });
  const rows = await Promise.all(
    budgets.map(async (budget): Promise<Row> => {
      const budgetMinor = budgetForRange(
        budget.amountMinor,
        budget.period,
        range,
        ctx.org.fiscalYearStartMonth,
      );
      const today = todayOf(deps);
      const { actualMinor } = await actualBetween(
        deps.db,
        ctx.orgId,
        ctx.org.currency,
        budget,
        range.from,
        range.to,
        range.to < today ? range.to : today,
      );
      const label = SCOPE_NAMES[budget.scope];
      return {
        budgetId: budget.id,
        name: budget.name,
        scope: budget.scope === 'organization' ? label : `${label}: ${budget.scopeLabel ?? 'Unknown'}`,
        currency: budget.currency,
        budgetMinor,
        actualMinor,
        percent: budgetMinor > 0 ? budgetPercent(actualMinor, budgetMinor) : null,
        // The one rule (common/budget-state.ts); over a range, the forecast is what was spent.
        status: budgetState({
          amountMinor: budgetMinor,
          actualMinor,
          forecastMinor: actualMinor,
          thresholds: budget.thresholds,
        }),
      };
    }),
  );
  return { currency: ctx.org.currency, from: range.from, to: range.to, budgets: rows };
}
