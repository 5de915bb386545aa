// What an application is still due to charge, and from when its cost is committed: the one rule the
// forecast (analytics, executive summary) and the budgets' "committed" use, and the one the
// dashboard's "due in the next 30 days" follows (common/renewal-window.ts): charges on the
// application's schedule, never before its next renewal date (what came before is paid, and in the
// actual spend), and none from the renewal date of one that does not auto-renew (it ends there). Pure and isomorphic.
import type { BillingCycle } from './billing';
import { chargeDates } from './charge-schedule';
import { addMonths, daysBetween, endOfMonth, startOfMonth } from './dates';

export interface DueApplication {
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  startDate: string | null;
  nextRenewalDate: string | null;
  autoRenew: boolean;
  /** Cost per cycle (already converted and weighted by the caller). */
  cycleMinor: number | null;
  /** Monthly equivalent, for an application with no date to anchor a schedule on. */
  monthlyMinor: number | null;
}

/** The share of `amount` for the days of [from, to] in the month containing `from`. */
function partOfMonth(amount: number, from: string, to: string): number {
  const monthStart = startOfMonth(from);
  const monthEnd = endOfMonth(from);
  const end = to < monthEnd ? to : monthEnd;
  const days = daysBetween(from, end) + 1;
  const all = daysBetween(monthStart, monthEnd) + 1;
  return Math.round((amount * days) / all);
}

/**
 * What the application will still charge within [from, to] (inclusive): its cost per cycle at each
 * charge date from its next renewal on. Without any date to anchor a schedule, its monthly
 * equivalent for the days of the window (per month).
 */
export function stillDueMinor(app: DueApplication, from: string, to: string): number {
  if (to < from) return 0;
  const anchor = app.nextRenewalDate ?? app.startDate;
  if (!anchor) {
    if (!app.monthlyMinor) return 0;
    let total = 0;
    for (let d = from; d <= to; d = addMonths(startOfMonth(d), 1)) total += partOfMonth(app.monthlyMinor, d, to);
    return total;
  }
  if (!app.cycleMinor) return 0;
  return dueDates(app, anchor, from, to).length * app.cycleMinor;
}

/**
 * stillDueMinor for each month of [from, to] (the first from `from`, the others whole), keyed
 * 'YYYY-MM' (months with nothing due left out): the same charges, from one schedule instead of one
 * per month. A charge's date lies in one month, so the sum over the months is stillDueMinor(from, to).
 */
export function stillDueByMonth(app: DueApplication, from: string, to: string): Map<string, number> {
  const due = new Map<string, number>();
  const add = (month: string, amount: number) => {
    if (amount !== 0) due.set(month, (due.get(month) ?? 0) + amount);
  };
  if (to < from) return due;
  const anchor = app.nextRenewalDate ?? app.startDate;
  if (!anchor) {
    if (!app.monthlyMinor) return due;
    for (let d = from; d <= to; d = addMonths(startOfMonth(d), 1)) {
      add(d.slice(0, 7), partOfMonth(app.monthlyMinor, d, to));
    }
    return due;
  }
  if (!app.cycleMinor) return due;
  for (const date of dueDates(app, anchor, from, to)) add(date.slice(0, 7), app.cycleMinor);
  return due;
}

/** The charge dates within [from, to], from the next renewal on (see stillDueMinor). */
function dueDates(app: DueApplication, anchor: string, from: string, to: string): string[] {
  const lower = app.nextRenewalDate && app.nextRenewalDate > from ? app.nextRenewalDate : from;
  return chargeDates(
    {
      cycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      anchorDate: anchor,
      startDate: app.startDate,
      // One that does not auto-renew ends at its renewal date: no charge on or after it.
      endDate: app.autoRenew ? null : app.nextRenewalDate,
    },
    lower,
    to,
  );
}

/**
 * The date an application's committed cost counts from: its start date, else the day it was added.
 * An application added today commits nothing to months already past.
 */
export function committedFrom(startDate: string | null, createdOn: string): string {
  return startDate ?? createdOn;
}
