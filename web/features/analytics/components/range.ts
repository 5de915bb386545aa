// Range logic of the analytics page in one file, until common/analytics-range.ts (written with the
// analytics API) lands: then resolvePreset should come from there so the page and the server agree.
import type { AnalyticsPreset } from '@common/contracts/analytics';
import { addMonths, endOfMonth, fiscalPeriod, startOfMonth } from '@common/dates';

export interface Range {
  from: string;
  to: string;
}

export const COMPARE_MODES = ['previous', 'last_year'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export const COMPARE_LABELS: Record<CompareMode, string> = {
  previous: 'Previous period',
  last_year: 'Same period last year',
};

/** A preset's whole months against today and the fiscal year's first month (1–12). */
export function resolvePreset(preset: AnalyticsPreset, today: string, fiscalYearStartMonth: number): Range {
  const month = startOfMonth(today);
  const quarter = fiscalPeriod(today, fiscalYearStartMonth, 'quarterly');
  const year = fiscalPeriod(today, fiscalYearStartMonth, 'annual');
  const range = (start: string, end: string) => ({ from: start, to: end });
  switch (preset) {
    case 'last_12_months':
      return range(addMonths(month, -11), endOfMonth(today));
    case 'last_24_months':
      return range(addMonths(month, -23), endOfMonth(today));
    case 'this_fiscal_year':
      return range(year.start, year.end);
    case 'last_fiscal_year': {
      const last = fiscalPeriod(addMonths(year.start, -12), fiscalYearStartMonth, 'annual');
      return range(last.start, last.end);
    }
    case 'this_quarter':
      return range(quarter.start, quarter.end);
    case 'last_quarter': {
      const last = fiscalPeriod(addMonths(quarter.start, -3), fiscalYearStartMonth, 'quarterly');
      return range(last.start, last.end);
    }
  }
}

/** Months from `from`'s month to `to`'s month, both counted. */
export function monthsIn({ from, to }: Range): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The period to compare with: the same number of months just before, or the same months a year back. */
export function compareRange(range: Range, mode: CompareMode): Range {
  const first = startOfMonth(range.from);
  const shift = mode === 'last_year' ? 12 : monthsIn(range);
  return { from: addMonths(first, -shift), to: endOfMonth(addMonths(startOfMonth(range.to), -shift)) };
}

/** 'YYYY-MM' pickers → the whole months they cover. */
export function monthRange(fromMonth: string, toMonth: string): Range {
  return { from: `${fromMonth}-01`, to: endOfMonth(`${toMonth}-01`) };
}

/** Whether a custom from/to pair is whole months in order (what the API accepts). */
export function isWholeMonthRange(from: string, to: string): boolean {
  return (
    /^\d{4}-\d{2}-01$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && endOfMonth(to) === to && from <= to
  );
}
