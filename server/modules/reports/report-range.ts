// The period a report covers: the last 12 months (`lastTwelveMonths`, the one window every screen
// uses: the 12 whole months before the current one) unless asked otherwise (the renewals calendar
// looks ahead: the next 90 days from today).
import { lastTwelveMonths } from '../../../common/analytics-range';
import type { ReportKey } from '../../../common/contracts/reports';
import {
  addDays,
  daysBetween,
  endOfMonth,
  isValidCalendarDate,
  monthSpan,
  startOfMonth,
} from '../../../common/dates';
import { invalidFields } from '../../errors';

export interface ReportRange {
  from: string;
  to: string;
}

/** Ten years is more than any data the product keeps and bounds the work of one report. */
const MAX_DAYS = 3660;
const LOOK_AHEAD_DAYS = 90;
/** Spend comes from a monthly rollup: these reports cover whole months (at most five years). */
const WHOLE_MONTH_REPORTS = new Set<ReportKey>([
  'executive-summary',
  'spend-by-department',
  'spend-by-vendor',
  'budget-vs-actual',
]);
const MAX_MONTHS = 60;

function defaultRange(key: ReportKey, today: string): ReportRange {
  if (key === 'renewals-calendar') return { from: today, to: addDays(today, LOOK_AHEAD_DAYS - 1) };
  return lastTwelveMonths(today);
}

/** The requested range with its gaps filled; 400 for a malformed, reversed or over-long one. */
export function resolveRange(
  key: ReportKey,
  requested: { from?: string; to?: string },
  today: string,
): ReportRange {
  for (const field of ['from', 'to'] as const) {
    const value = requested[field];
    if (value !== undefined && !isValidCalendarDate(value)) {
      throw invalidFields([{ field, message: 'Use a calendar date, YYYY-MM-DD' }]);
    }
  }
  const fallback = defaultRange(key, today);
  const span = daysBetween(fallback.from, fallback.to);
  const from = requested.from ?? (requested.to ? addDays(requested.to, -span) : fallback.from);
  const to = requested.to ?? (requested.from ? addDays(requested.from, span) : fallback.to);
  if (from > to) throw invalidFields([{ field: 'from', message: 'from must not be after to' }]);
  if (daysBetween(from, to) > MAX_DAYS) {
    throw invalidFields([{ field: 'to', message: 'A report covers at most ten years' }]);
  }
  if (!WHOLE_MONTH_REPORTS.has(key)) return { from, to };
  const months = { from: startOfMonth(from), to: endOfMonth(to) };
  if (monthSpan(months.from, months.to) > MAX_MONTHS) {
    throw invalidFields([{ field: 'to', message: `This report covers at most ${MAX_MONTHS} months` }]);
  }
  return months;
}
