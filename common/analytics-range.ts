// Analytics date ranges, shared by the server and the web: presets resolved against today and the
// organization's fiscal year, whether a from/to pair is a preset's (else it is a custom range, a
// Scale feature), and the periods (month, fiscal quarter, fiscal year) a range is charted in.
import { ANALYTICS_PRESETS, type AnalyticsInterval, type AnalyticsPreset } from './contracts/analytics';
import {
  addMonths,
  endOfMonth,
  fiscalPeriod,
  fiscalQuarterOf,
  fiscalYearOf,
  isValidCalendarDate,
  monthSpan,
  parseCalendarDate,
  startOfMonth,
  type DateRange,
} from './dates';

export interface AnalyticsRange {
  from: string;
  to: string;
}

export interface AnalyticsPeriod {
  key: string;
  label: string;
  start: string;
  end: string;
}

/** The preset used when a request names neither a preset nor dates. */
export const DEFAULT_ANALYTICS_PRESET: AnalyticsPreset = 'last_12_months';

const toRange = (r: DateRange): AnalyticsRange => ({ from: r.start, to: r.end });

/**
 * "Last N months", everywhere (Analytics presets, reports, the Expenses chart, the forecast's
 * history): the N whole months before the current one — on 2 Dec 2026, Dec 2025 – Nov 2026. Finance
 * compares closed months; the current month, part spent and part still due, is the forecast's first.
 */
export function lastWholeMonths(today: string, n: number): AnalyticsRange {
  const thisMonth = startOfMonth(today);
  return { from: addMonths(thisMonth, -n), to: endOfMonth(addMonths(thisMonth, -1)) };
}

/** The one "last 12 months" window (see lastWholeMonths). */
export const lastTwelveMonths = (today: string): AnalyticsRange => lastWholeMonths(today, 12);

/** A preset's dates on `today` for a fiscal year starting in month `fiscalYearStartMonth` (1–12). */
export function resolvePreset(
  preset: AnalyticsPreset,
  today: string,
  fiscalYearStartMonth: number,
): AnalyticsRange {
  switch (preset) {
    case 'last_12_months':
      return lastTwelveMonths(today);
    case 'last_24_months':
      return lastWholeMonths(today, 24);
    case 'this_fiscal_year':
      return toRange(fiscalPeriod(today, fiscalYearStartMonth, 'annual'));
    case 'last_fiscal_year': {
      const start = fiscalPeriod(today, fiscalYearStartMonth, 'annual').start;
      return toRange(fiscalPeriod(addMonths(start, -12), fiscalYearStartMonth, 'annual'));
    }
    case 'this_quarter':
      return toRange(fiscalPeriod(today, fiscalYearStartMonth, 'quarterly'));
    case 'last_quarter': {
      const start = fiscalPeriod(today, fiscalYearStartMonth, 'quarterly').start;
      return toRange(fiscalPeriod(addMonths(start, -3), fiscalYearStartMonth, 'quarterly'));
    }
  }
}

/** The preset whose dates are exactly from/to today, or null (a custom range). */
export function presetMatching(
  range: AnalyticsRange,
  today: string,
  fiscalYearStartMonth: number,
): AnalyticsPreset | null {
  for (const preset of ANALYTICS_PRESETS) {
    const r = resolvePreset(preset, today, fiscalYearStartMonth);
    if (r.from === range.from && r.to === range.to) return preset;
  }
  return null;
}

/**
 * Why a custom range cannot be used, or null: ranges are whole months (the figures are monthly
 * totals), in order, and at most `maxMonths` long.
 */
export function customRangeProblem(range: AnalyticsRange, maxMonths: number): string | null {
  if (!isValidCalendarDate(range.from) || !isValidCalendarDate(range.to)) return 'Dates must be YYYY-MM-DD';
  if (range.from > range.to) return 'from must not be after to';
  if (parseCalendarDate(range.from).d !== 1) return 'A range starts on the first day of a month';
  if (range.to !== endOfMonth(range.to)) return 'A range ends on the last day of a month';
  if (monthSpan(range.from, range.to) > maxMonths) return `A range covers at most ${maxMonths} months`;
  return null;
}

/** The number of whole months of a range. */
export const rangeMonths = (range: AnalyticsRange) => monthSpan(range.from, range.to);

/** The range of the same length just before `range` (period over period). */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const months = rangeMonths(range);
  return { from: addMonths(range.from, -months), to: endOfMonth(addMonths(range.from, -1)) };
}

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-15' → 'Nov 2026'. */
export function monthLabelOf(date: string): string {
  const { y, m } = parseCalendarDate(`${date.slice(0, 7)}-01`);
  return `${MONTH_LABELS[m - 1]!} ${y}`;
}

/**
 * How every screen and report names a window of whole months: 'Dec 2025 – Nov 2026' ('Nov 2026'
 * for one month). A range that does not start or end on a month's edge names its days.
 */
export function formatMonthRange(range: AnalyticsRange): string {
  const whole = parseCalendarDate(range.from).d === 1 && range.to === endOfMonth(range.to);
  if (!whole) {
    const day = (d: string) => `${parseCalendarDate(d).d} ${monthLabelOf(d)}`;
    return `${day(range.from)} – ${day(range.to)}`;
  }
  const from = monthLabelOf(range.from);
  const to = monthLabelOf(range.to);
  return from === to ? from : `${from} – ${to}`;
}

/** Key and label of the period of `interval` containing `date`. */
function periodOf(date: string, interval: AnalyticsInterval, fiscalYearStartMonth: number) {
  const { y, m } = parseCalendarDate(date);
  if (interval === 'month') {
    return { key: date.slice(0, 7), label: `${MONTH_LABELS[m - 1]!} ${y}`, months: 'monthly' as const };
  }
  const fy = fiscalYearOf(date, fiscalYearStartMonth);
  const calendar = fiscalYearStartMonth === 1;
  if (interval === 'quarter') {
    const q = fiscalQuarterOf(date, fiscalYearStartMonth);
    return {
      key: `${fy}-Q${q}`,
      label: calendar ? `Q${q} ${fy}` : `FY${fy} Q${q}`,
      months: 'quarterly' as const,
    };
  }
  return { key: `FY${fy}`, label: calendar ? String(fy) : `FY${fy}`, months: 'annual' as const };
}

/**
 * The periods of `interval` covering the range, in order. A period the range only partly covers
 * (a custom range starting mid-quarter) is cut to the range, so its dates are the ones counted.
 */
export function periodsOf(
  range: AnalyticsRange,
  interval: AnalyticsInterval,
  fiscalYearStartMonth: number,
): AnalyticsPeriod[] {
  const periods: AnalyticsPeriod[] = [];
  let date = startOfMonth(range.from);
  while (date <= range.to) {
    const { key, label, months } = periodOf(date, interval, fiscalYearStartMonth);
    const whole = fiscalPeriod(date, fiscalYearStartMonth, months);
    const start = whole.start < range.from ? range.from : whole.start;
    const end = whole.end > range.to ? range.to : whole.end;
    periods.push({ key, label, start, end });
    date = addMonths(startOfMonth(whole.end), 1);
  }
  return periods;
}

/** For each month ('YYYY-MM') of the range, the index of its period in `periods`. */
export function periodIndexByMonth(periods: AnalyticsPeriod[]): Map<string, number> {
  const index = new Map<string, number>();
  periods.forEach((p, i) => {
    for (let d = startOfMonth(p.start); d <= p.end; d = addMonths(d, 1)) index.set(d.slice(0, 7), i);
  });
  return index;
}
