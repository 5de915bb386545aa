// Spend figures from the analytics service, for the period of a report (whole months; reports pass
// their own period, so any period works on every plan with reports).
import type { AnalyticsDimension } from '../../../../common/contracts/analytics';
import { missingRateText } from '../../../../common/fx-gaps';
import type { ReportSection } from '../../../../common/contracts/reports';
import type { RequestContext, ServiceDeps } from '../../../types';
import { spendOfRange } from '../../analytics';
import { unconvertedMonths } from '../../expenses';
import type { ReportRange } from '../report-range';

type Spend = Awaited<ReturnType<typeof spendOfRange>>;
/** Analytics' spend, with the months of the charges left out for want of a rate, per currency. */
export type SpendResult = Omit<Spend, 'unconverted'> & {
  /** The organization's currency, which the figures are in. */
  currency: string;
  unconverted: Array<Spend['unconverted'][number] & { months: string[] }>;
};

/**
 * Spend per month of the range grouped by `groupBy`, the largest `top` groups kept (the rest in
 * "Other"); `actualOnly` leaves out the committed series and the headcount (see spendOfRange).
 */
export async function spendBy(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: ReportRange,
  groupBy: AnalyticsDimension,
  top = 100,
  options: { actualOnly?: boolean } = {},
): Promise<SpendResult> {
  const spend = await spendOfRange(deps, ctx, range, {}, { groupBy, interval: 'month', top, ...options });
  const months =
    spend.unconverted.length === 0
      ? new Map<string, string[]>()
      : await unconvertedMonths(
          deps.db,
          ctx.orgId,
          `${range.from.slice(0, 7)}-01`,
          `${range.to.slice(0, 7)}-01`,
        );
  return {
    ...spend,
    currency: ctx.org.currency,
    unconverted: spend.unconverted.map((u) => ({ ...u, months: months.get(u.currency) ?? [] })),
  };
}

/** Actual spend per month, one stacked series per group: the first `shown` groups and the rest together. */
export function stackedSpendChart(
  id: string,
  title: string,
  spend: SpendResult,
  shown = 7,
): Extract<ReportSection, { type: 'chart' }> {
  const kept = spend.series.slice(0, shown);
  const rest = spend.series.slice(shown);
  const series = kept.map((s) => ({ name: s.label, values: s.actual }));
  if (rest.length > 0) {
    series.push({
      name: 'Everything else',
      values: spend.periods.map((_, i) => rest.reduce((sum, s) => sum + (s.actual[i] ?? 0), 0)),
    });
  }
  return {
    id,
    title,
    type: 'chart',
    chart: 'stacked-bar',
    categories: spend.periods.map((p) => p.label),
    series,
    format: 'money',
  };
}

/** The note for charges left out for want of an exchange rate: which rate, which months, how many. */
export function unconvertedSpendNote(spend: SpendResult): string | null {
  if (spend.unconverted.length === 0) return null;
  const parts = spend.unconverted.map(
    (u) =>
      `${missingRateText({ from: u.currency, to: spend.currency, months: u.months })} (${u.count} ${u.count === 1 ? 'charge' : 'charges'})`,
  );
  return `${parts.join('; ')}: left out, not guessed.`;
}
