// The analytics page's own range helpers; presets, custom-range checks and the previous period come
// from common/analytics-range.ts, so the page and the server agree on the dates.
import { ANALYTICS_MAX_MONTHS } from '@common/contracts/analytics';
import { customRangeProblem, previousRange, type AnalyticsRange } from '@common/analytics-range';
import { addMonths, endOfMonth, startOfMonth } from '@common/dates';

export { resolvePreset } from '@common/analytics-range';
export type Range = AnalyticsRange;

export const COMPARE_MODES = ['previous', 'last_year'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export const COMPARE_LABELS: Record<CompareMode, string> = {
  previous: 'Previous period',
  last_year: 'Same period last year',
};

/** The period to compare with: the same number of months just before, or the same months a year back. */
export function compareRange(range: Range, mode: CompareMode): Range {
  if (mode === 'previous') return previousRange(range);
  return {
    from: addMonths(startOfMonth(range.from), -12),
    to: endOfMonth(addMonths(startOfMonth(range.to), -12)),
  };
}

/** 'YYYY-MM' pickers → the whole months they cover. */
export function monthRange(fromMonth: string, toMonth: string): Range {
  return { from: `${fromMonth}-01`, to: endOfMonth(`${toMonth}-01`) };
}

/** Whether a custom from/to pair is one the API accepts (whole months, in order, not too long). */
export function isWholeMonthRange(from: string, to: string): boolean {
  return customRangeProblem({ from, to }, ANALYTICS_MAX_MONTHS) === null;
}
