// When a scheduled report is due and which period it covers (issue 20). A report always covers the
// period that ended just before the day it goes out:
//   weekly    on ISO weekday D: the previous Monday–Sunday, key '2026-W48' (ISO week-year and week);
//   monthly   on day N:         the previous calendar month, key '2026-11';
//   quarterly on day N of a fiscal quarter's first month: the previous fiscal quarter, key
//             'FY2026-Q2' (the fiscal year named by the calendar year it ends in, as analytics does).
import type { ReportFrequency } from './contracts/reports';
import { addDays, addMonths, endOfMonth, fiscalPeriod, isoWeekday, parseCalendarDate } from './dates';

export interface ScheduleTiming {
  frequency: ReportFrequency;
  /** Weekly: 1 = Monday … 7 = Sunday. */
  dayOfWeek: number | null;
  /** Monthly and quarterly: 1–28. */
  dayOfMonth: number | null;
}

export interface ReportPeriod {
  key: string;
  /** Inclusive calendar dates. */
  from: string;
  to: string;
}

/** Whether a month (1–12) opens a fiscal quarter of a fiscal year starting in `fiscalYearStartMonth`. */
function opensFiscalQuarter(month: number, fiscalYearStartMonth: number): boolean {
  return (month - fiscalYearStartMonth + 12) % 3 === 0;
}

/** Whether the schedule sends on `date`. */
export function isDueOn(timing: ScheduleTiming, date: string, fiscalYearStartMonth: number): boolean {
  const { m, d } = parseCalendarDate(date);
  switch (timing.frequency) {
    case 'weekly':
      return timing.dayOfWeek != null && isoWeekday(date) === timing.dayOfWeek;
    case 'monthly':
      return timing.dayOfMonth != null && d === timing.dayOfMonth;
    case 'quarterly':
      return (
        timing.dayOfMonth != null && d === timing.dayOfMonth && opensFiscalQuarter(m, fiscalYearStartMonth)
      );
  }
}

// A quarterly schedule is due at least once every 92 days; a year bounds every search.
const SEARCH_DAYS = 366;

/** The first day on or after `date` the schedule sends, or null when it never does (no day set). */
export function nextRunOn(timing: ScheduleTiming, date: string, fiscalYearStartMonth: number): string | null {
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const day = addDays(date, i);
    if (isDueOn(timing, day, fiscalYearStartMonth)) return day;
  }
  return null;
}

/** The last day on or before `date` the schedule sent (or should have), or null. */
export function lastRunOn(timing: ScheduleTiming, date: string, fiscalYearStartMonth: number): string | null {
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const day = addDays(date, -i);
    if (isDueOn(timing, day, fiscalYearStartMonth)) return day;
  }
  return null;
}

/** ISO 8601 week key of a date: the week-year is the year of the week's Thursday. */
export function isoWeekKey(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const { y } = parseCalendarDate(thursday);
  const firstThursday = addDays(`${y}-01-04`, 4 - isoWeekday(`${y}-01-04`));
  const week = Math.round((Date.parse(thursday) - Date.parse(firstThursday)) / (7 * 86_400_000)) + 1;
  return `${y}-W${String(week).padStart(2, '0')}`;
}

/** The fiscal quarter containing `date`, keyed 'FY2026-Q2'. */
export function fiscalQuarterOf(date: string, fiscalYearStartMonth: number): ReportPeriod {
  const { start, end } = fiscalPeriod(date, fiscalYearStartMonth, 'quarterly');
  const { y: yearStartYear, m: startMonth } = parseCalendarDate(
    fiscalPeriod(date, fiscalYearStartMonth, 'annual').start,
  );
  const fiscalYear = fiscalYearStartMonth === 1 ? yearStartYear : yearStartYear + 1;
  const quarter = Math.floor(((parseCalendarDate(start).m - startMonth + 12) % 12) / 3) + 1;
  return { key: `FY${fiscalYear}-Q${quarter}`, from: start, to: end };
}

/** The period a report sent on `runDate` covers: the week, month or fiscal quarter just ended. */
export function reportPeriod(
  frequency: ReportFrequency,
  runDate: string,
  fiscalYearStartMonth: number,
): ReportPeriod {
  switch (frequency) {
    case 'weekly': {
      const from = addDays(runDate, -(isoWeekday(runDate) - 1) - 7);
      return { key: isoWeekKey(from), from, to: addDays(from, 6) };
    }
    case 'monthly': {
      const from = addMonths(`${runDate.slice(0, 7)}-01`, -1);
      return { key: from.slice(0, 7), from, to: endOfMonth(from) };
    }
    case 'quarterly': {
      const current = fiscalPeriod(runDate, fiscalYearStartMonth, 'quarterly');
      return fiscalQuarterOf(addDays(current.start, -1), fiscalYearStartMonth);
    }
  }
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The ISO weekday's name (1 = Monday). */
export const weekdayName = (isoDay: number) => WEEKDAYS[isoDay - 1] ?? '';

/** A schedule's frequency in words: "Every Monday", "Monthly on day 1", "Quarterly on day 5". */
export function describeFrequency(timing: ScheduleTiming): string {
  if (timing.frequency === 'weekly') return `Every ${weekdayName(timing.dayOfWeek ?? 1)}`;
  const label = timing.frequency === 'monthly' ? 'Monthly' : 'Quarterly';
  return `${label} on day ${timing.dayOfMonth ?? 1}`;
}
