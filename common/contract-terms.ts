// Contract term arithmetic: the length of a term and the dates of the contract that renews it.

import { addDays, addMonths, daysBetween, parseCalendarDate } from './dates';

/** Months from `start` to the day after `end`, to the nearest whole month (2026-01-01..2026-12-31 → 12), at least 1. */
export function termMonths(startDate: string, endDate: string): number {
  const until = addDays(endDate, 1);
  const a = parseCalendarDate(startDate);
  const b = parseCalendarDate(until);
  let months = (b.y - a.y) * 12 + (b.m - a.m) + 1;
  while (months > 0 && addMonths(startDate, months) > until) months -= 1;
  if (daysBetween(addMonths(startDate, months), until) > 15) months += 1;
  return Math.max(1, months);
}

/** Last day of a term of `months` starting on `startDate` (2026-01-15 + 12 → 2027-01-14). */
export function termEndDate(startDate: string, months: number): string {
  return addDays(addMonths(startDate, months), -1);
}

/**
 * Last day of the term running on `today` for a commitment of `months` from `startDate`: terms follow
 * one another while it auto-renews; without auto-renewal the first term's end (it may have passed).
 */
export function currentTermEnd(input: {
  startDate: string;
  months: number;
  today: string;
  autoRenew: boolean;
}): string {
  const { startDate, months, today, autoRenew } = input;
  const day = parseCalendarDate(startDate).d;
  const from = parseCalendarDate(startDate);
  const to = parseCalendarDate(today);
  // Start just below the answer (whole terms elapsed), then step: at most two steps.
  let k = autoRenew ? Math.max(1, Math.floor((to.y * 12 + to.m - (from.y * 12 + from.m)) / months)) : 1;
  let end = addDays(addMonths(startDate, k * months, day), -1);
  while (autoRenew && end < today) end = addDays(addMonths(startDate, ++k * months, day), -1);
  return end;
}

export interface SuccessorTerms {
  startDate: string;
  endDate: string;
}

/**
 * The successor of a contract: it starts the day after the old one ends and runs for the renewal
 * term (else as long as the old term). Overrides win.
 */
export function successorTerms(
  old: { startDate: string; endDate: string; renewalTermMonths: number | null },
  overrides: { startDate?: string; endDate?: string } = {},
): SuccessorTerms {
  const startDate = overrides.startDate ?? addDays(old.endDate, 1);
  const months = old.renewalTermMonths ?? termMonths(old.startDate, old.endDate);
  const endDate = overrides.endDate ?? termEndDate(startDate, months);
  return { startDate, endDate };
}
