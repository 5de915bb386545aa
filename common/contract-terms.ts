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
