// Calendar-date arithmetic on ISO 'YYYY-MM-DD' strings (UTC, no time zone drift), plus "today" in a
// time zone and fiscal periods. Instants are Date; calendar dates never are.

/** A calendar date split into year, month (1–12) and day (1–31). */
export interface CalendarDateParts {
  y: number;
  m: number;
  d: number;
}

export const FISCAL_PERIODS = ['monthly', 'quarterly', 'annual'] as const;
export type FiscalPeriod = (typeof FISCAL_PERIODS)[number];

/** An inclusive range of calendar dates. */
export interface DateRange {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Gregorian leap year: divisible by 4, except centuries not divisible by 400 (2000 yes, 2100 no). */
export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Number of days in month m (1–12) of year y. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** True for a real date in strict 'YYYY-MM-DD' form ('2023-02-29' and '2024-2-1' are false). */
export function isValidCalendarDate(s: string): boolean {
  if (typeof s !== 'string') return false;
  const match = ISO_DATE.exec(s);
  if (!match) return false;
  const m = Number(match[2]);
  const d = Number(match[3]);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(Number(match[1]), m);
}

/** Splits a 'YYYY-MM-DD' string; throws RangeError when it is not a real date. */
export function parseCalendarDate(s: string): CalendarDateParts {
  if (!isValidCalendarDate(s)) throw new RangeError(`Invalid calendar date: ${JSON.stringify(s)}`);
  return { y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)), d: Number(s.slice(8, 10)) };
}

/** Joins parts into 'YYYY-MM-DD'; throws RangeError when they do not name a real date in 0000–9999. */
export function formatCalendarDate({ y, m, d }: CalendarDateParts): string {
  const valid =
    Number.isInteger(y) && Number.isInteger(m) && Number.isInteger(d) && y >= 0 && y <= 9999 && m >= 1;
  if (!valid || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`Invalid calendar date parts: ${JSON.stringify({ y, m, d })}`);
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function assertInteger(name: string, n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be an integer, got ${String(n)}`);
}

// Days since 1970-01-01. setUTCFullYear avoids Date.UTC's mapping of years 0–99 to 1900–1999.
function toEpochDay({ y, m, d }: CalendarDateParts): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return Math.round(date.getTime() / DAY_MS);
}

function fromEpochDay(day: number): string {
  const date = new Date(day * DAY_MS);
  return formatCalendarDate({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
}

/** The date n days later (n may be negative). */
export function addDays(date: string, n: number): string {
  assertInteger('n', n);
  return fromEpochDay(toEpochDay(parseCalendarDate(date)) + n);
}

/**
 * The date n months later (n may be negative), clamped to the end of shorter months. The day aimed
 * at is `anchorDay` (default: the date's own day), so rolling a Jan 31 anchor month by month
 * gives Feb 28/29 → Mar 31 when each step passes `anchorDay` 31.
 */
export function addMonths(date: string, n: number, anchorDay?: number): string {
  assertInteger('n', n);
  const { y, m, d } = parseCalendarDate(date);
  const day = anchorDay ?? d;
  if (!Number.isInteger(day) || day < 1 || day > 31) {
    throw new RangeError(`anchorDay must be an integer from 1 to 31, got ${String(anchorDay)}`);
  }
  const monthIndex = y * 12 + (m - 1) + n;
  const ny = Math.floor(monthIndex / 12);
  const nm = monthIndex - ny * 12 + 1;
  return formatCalendarDate({ y: ny, m: nm, d: Math.min(day, daysInMonth(ny, nm)) });
}

/** Signed whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(parseCalendarDate(to)) - toEpochDay(parseCalendarDate(from));
}

/** The ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // 1970-01-01 (epoch day 0) was a Thursday.
  return ((((toEpochDay(parseCalendarDate(date)) + 3) % 7) + 7) % 7) + 1;
}

/** Signed days from `today` until `target`: 0 on the day, negative once it has passed. */
export function daysUntil(target: string, today: string): number {
  return daysBetween(today, target);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date that the instant `now` falls on in an IANA time zone; RangeError on a bad zone. */
export function todayInTimeZone(now: Date, timeZone = 'UTC'): string {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('Invalid instant');
  // The server's zone, on every request: the ISO string already says the UTC day (years 0–9999).
  const year = now.getUTCFullYear();
  if (timeZone === 'UTC' && year >= 0 && year <= 9999) return now.toISOString().slice(0, 10);
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(now)) parts[part.type] = part.value;
  return formatCalendarDate({ y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) });
}

/** First day of the date's month. */
export function startOfMonth(date: string): string {
  const { y, m } = parseCalendarDate(date);
  return formatCalendarDate({ y, m, d: 1 });
}

/** Last day of the date's month. */
export function endOfMonth(date: string): string {
  const { y, m } = parseCalendarDate(date);
  return formatCalendarDate({ y, m, d: daysInMonth(y, m) });
}

function assertMonth(fiscalYearStartMonth: number): void {
  if (!Number.isInteger(fiscalYearStartMonth) || fiscalYearStartMonth < 1 || fiscalYearStartMonth > 12) {
    throw new RangeError(`fiscalYearStartMonth must be 1–12, got ${String(fiscalYearStartMonth)}`);
  }
}

/** First day of the fiscal year containing `date`, for a fiscal year starting in month 1–12. */
export function fiscalYearStart(date: string, fiscalYearStartMonth: number): string {
  assertMonth(fiscalYearStartMonth);
  const { y, m } = parseCalendarDate(date);
  return formatCalendarDate({ y: m >= fiscalYearStartMonth ? y : y - 1, m: fiscalYearStartMonth, d: 1 });
}

/** The fiscal month, quarter or year containing `date`; `end` is inclusive. */
export function fiscalPeriod(date: string, fiscalYearStartMonth: number, period: FiscalPeriod): DateRange {
  const yearStart = fiscalYearStart(date, fiscalYearStartMonth);
  let start: string;
  let months: number;
  if (period === 'monthly') {
    start = startOfMonth(date);
    months = 1;
  } else if (period === 'quarterly') {
    const monthsIn = (parseCalendarDate(date).m - fiscalYearStartMonth + 12) % 12;
    start = addMonths(yearStart, monthsIn - (monthsIn % 3));
    months = 3;
  } else if (period === 'annual') {
    start = yearStart;
    months = 12;
  } else {
    throw new RangeError(`Unknown fiscal period: ${JSON.stringify(period)}`);
  }
  return { start, end: endOfMonth(addMonths(start, months - 1)) };
}

/**
 * The fiscal year containing `date`, named by the calendar year it ends in (a year starting in April
 * 2025 is FY2026; with a January start the fiscal year is the calendar year).
 */
export function fiscalYearOf(date: string, fiscalYearStartMonth: number): number {
  const start = parseCalendarDate(fiscalYearStart(date, fiscalYearStartMonth));
  return fiscalYearStartMonth === 1 ? start.y : start.y + 1;
}

/** The fiscal quarter (1–4) containing `date`. */
export function fiscalQuarterOf(date: string, fiscalYearStartMonth: number): number {
  assertMonth(fiscalYearStartMonth);
  const monthsIn = (parseCalendarDate(date).m - fiscalYearStartMonth + 12) % 12;
  return Math.floor(monthsIn / 3) + 1;
}

/** Whole months from the month of `from` to the month of `to`, both counted ('2026-01'..'2026-03' → 3). */
export function monthSpan(from: string, to: string): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  return b.y * 12 + b.m - (a.y * 12 + a.m) + 1;
}
