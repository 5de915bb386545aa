// When an application charges: every cycle from its renewal anchor, backwards and forwards, bounded by
// its start and (for cancelled ones) its end. Reconciliation uses past dates as "expected", budgets
// use future ones as "committed". Pure and isomorphic.
import { cycleMonths, type BillingCycle } from './billing';
import { addDays, addMonths, daysBetween, daysInMonth, formatCalendarDate, parseCalendarDate } from './dates';

export interface ChargePlan {
  cycle: BillingCycle;
  intervalMonths?: number | null;
  /** A known charge date: the next renewal, else the start date. */
  anchorDate: string;
  /** No charge before this date. */
  startDate?: string | null;
  /** No charge on or after this date (a cancelled application's end). */
  endDate?: string | null;
  /** The day of the month month-based cycles aim at; by default derived by `chargeAnchorDay`. */
  anchorDay?: number;
}

/**
 * The day month-based cycles aim at. Month-end starts stay month ends: a Jan 31 start renews Feb 28,
 * then Mar 31. The renewal calendar rollup (migration 0017) computes the same in SQL.
 */
export function chargeAnchorDay(anchor: string, startDate: string | null | undefined): number {
  const a = parseCalendarDate(anchor);
  if (!startDate) return a.d;
  const s = parseCalendarDate(startDate).d;
  return Math.min(s, daysInMonth(a.y, a.m)) === a.d ? s : a.d;
}

const MONTH_PREFIXES = new Map<number, { prefix: string; days: number }>();
const DAYS = Array.from({ length: 32 }, (_, d) => String(d).padStart(2, '0'));

/**
 * The date aiming at `day` in the month `monthIndex` (year × 12 + month − 1), clamped to the month's
 * end. The month's 'YYYY-MM-' and length are kept: the forecast asks for a hundred thousand dates per
 * answer, and formatting and checking each one was most of its time.
 */
function chargeDateOf(monthIndex: number, day: number): string {
  let month = MONTH_PREFIXES.get(monthIndex);
  if (!month) {
    const y = Math.floor(monthIndex / 12);
    const m = monthIndex - y * 12 + 1;
    const prefix = formatCalendarDate({ y, m, d: 1 }).slice(0, 8);
    month = { prefix, days: daysInMonth(y, m) };
    if (MONTH_PREFIXES.size < 50_000) MONTH_PREFIXES.set(monthIndex, month);
  }
  return month.prefix + DAYS[Math.min(day, month.days)]!;
}

/** Charge dates of the plan within [from, to] (inclusive), ascending. */
export function chargeDates(plan: ChargePlan, from: string, to: string): string[] {
  if (to < from) return [];
  const lower = plan.startDate && plan.startDate > from ? plan.startDate : from;
  const keep = (d: string) => d >= lower && d <= to && (!plan.endDate || d < plan.endDate);
  const months = cycleMonths(plan.cycle, plan.intervalMonths);
  const dates: string[] = [];
  if (months === null) {
    let k = Math.floor(daysBetween(plan.anchorDate, lower) / 7) - 1;
    for (let d = addDays(plan.anchorDate, 7 * k); d <= to; d = addDays(plan.anchorDate, 7 * ++k)) {
      if (keep(d)) dates.push(d);
    }
    return dates;
  }
  const day = plan.anchorDay ?? chargeAnchorDay(plan.anchorDate, plan.startDate);
  const a = parseCalendarDate(plan.anchorDate);
  const l = parseCalendarDate(lower);
  const monthDiff = l.y * 12 + l.m - (a.y * 12 + a.m);
  let k = Math.floor(monthDiff / months) - 1;
  // The n-th charge is addMonths(anchorDate, n * months, day) (which checks `day` on the first),
  // the anchor parsed once: the forecast asks for a thousand schedules per answer.
  const anchorMonth = a.y * 12 + (a.m - 1);
  const charge = (n: number) => chargeDateOf(anchorMonth + n * months, day);
  for (let d = addMonths(plan.anchorDate, k * months, day); d <= to; d = charge(++k)) {
    if (keep(d)) dates.push(d);
  }
  return dates;
}

/** 'YYYY-MM' of a calendar date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The months from the one containing `from` to the one containing `to`, as 'YYYY-MM'. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let d = `${monthOf(from)}-01`; d <= to; d = addMonths(d, 1)) months.push(monthOf(d));
  return months;
}
