// Subscription billing math: cycle lengths, cost per cycle, monthly/annual equivalents, renewal
// dates (with month-end anchoring), cancel-by dates and renewal urgency. Pure and isomorphic.

import { addDays, addMonths, daysBetween, daysInMonth, parseCalendarDate } from './dates';
import { mulDivMinor } from './money';

export const BILLING_CYCLES = [
  'weekly',
  'monthly',
  'quarterly',
  'semi-annual',
  'annual',
  'multi-year',
] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const PRICING_MODELS = ['flat', 'per-seat', 'usage'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** An application's price fields: a change to any is recorded in price history (and reads as a price change). */
export const PRICE_FIELDS = [
  'pricingModel',
  'billingCycle',
  'intervalMonths',
  'amountMinor',
  'seats',
  'unitPriceMinor',
  'currency',
] as const;

/** Term length of a multi-year cycle when none is given. */
export const DEFAULT_MULTI_YEAR_MONTHS = 24;

const FIXED_CYCLE_MONTHS = { monthly: 1, quarterly: 3, 'semi-annual': 6, annual: 12 } as const;

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);
}

/**
 * Months per cycle; null for weekly (day-based). `intervalMonths` applies to multi-year only (default
 * 24; must be a multiple of 12 and at least 24) and is ignored for the other cycles.
 */
export function cycleMonths(cycle: BillingCycle, intervalMonths?: number | null): number | null {
  if (cycle === 'weekly') return null;
  if (cycle === 'multi-year') {
    const months = intervalMonths ?? DEFAULT_MULTI_YEAR_MONTHS;
    if (!Number.isInteger(months) || months < 24 || months % 12 !== 0) {
      throw new RangeError(`A multi-year term must be a multiple of 12 months, at least 24; got ${months}`);
    }
    return months;
  }
  const months: number | undefined = FIXED_CYCLE_MONTHS[cycle];
  if (months === undefined) throw new RangeError(`Unknown billing cycle: ${JSON.stringify(cycle)}`);
  return months;
}

export interface CycleCostInput {
  pricingModel: PricingModel;
  /** Price per cycle for flat pricing, or the estimated bill per cycle for usage pricing. */
  amountMinor?: number | null;
  seats?: number | null;
  unitPriceMinor?: number | null;
}

function nonNegativeInteger(name: string, value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/** Cost of one billing cycle in minor units: flat/usage → amountMinor, per-seat → seats × unit price. */
export function costPerCycleMinor({
  pricingModel,
  amountMinor,
  seats,
  unitPriceMinor,
}: CycleCostInput): number {
  if (pricingModel === 'flat' || pricingModel === 'usage')
    return nonNegativeInteger('amountMinor', amountMinor);
  if (pricingModel !== 'per-seat')
    throw new RangeError(`Unknown pricing model: ${JSON.stringify(pricingModel)}`);
  const cost = nonNegativeInteger('seats', seats) * nonNegativeInteger('unitPriceMinor', unitPriceMinor);
  if (!Number.isSafeInteger(cost)) throw new RangeError('Per-seat cost out of range');
  return cost;
}

// Cycles per year as an exact fraction [numerator, denominator].
function cyclesPerYear(cycle: BillingCycle, intervalMonths?: number | null): [number, number] {
  const months = cycleMonths(cycle, intervalMonths);
  return months === null ? [52, 1] : [12, months];
}

/** Cost per month of a per-cycle cost (weekly × 52 / 12, quarterly / 3, …), rounded half away from zero. */
export function monthlyEquivalentMinor(
  costPerCycleMinor: number,
  cycle: BillingCycle,
  intervalMonths?: number | null,
): number {
  const [perYear, years] = cyclesPerYear(cycle, intervalMonths);
  return mulDivMinor(costPerCycleMinor, perYear, years * 12);
}

/** Cost per year of a per-cycle cost, from the cycle itself (not monthly × 12), rounded half away from zero. */
export function annualisedMinor(
  costPerCycleMinor: number,
  cycle: BillingCycle,
  intervalMonths?: number | null,
): number {
  const [perYear, years] = cyclesPerYear(cycle, intervalMonths);
  return mulDivMinor(costPerCycleMinor, perYear, years);
}

// The k-th renewal after `anchor`: k weeks or k cycles of months aimed at `anchorDay`.
function renewalAfter(anchor: string, months: number | null, k: number, anchorDay: number): string {
  return months === null ? addDays(anchor, 7 * k) : addMonths(anchor, k * months, anchorDay);
}

export interface RolledRenewal {
  date: string;
  cyclesAdvanced: number;
}

/**
 * `renewalDate` advanced by the fewest whole cycles (possibly none) to land on or after `today`.
 * Month-based cycles aim at `anchorDay` (default: the renewal date's day), clamped to month ends.
 */
export function rollForward(
  renewalDate: string,
  cycle: BillingCycle,
  intervalMonths: number | null | undefined,
  today: string,
  anchorDay?: number,
): RolledRenewal {
  const months = cycleMonths(cycle, intervalMonths);
  const from = parseCalendarDate(renewalDate);
  const to = parseCalendarDate(today);
  const day = anchorDay ?? from.d;
  if (!Number.isInteger(day) || day < 1 || day > 31) {
    throw new RangeError(`anchorDay must be an integer from 1 to 31, got ${String(anchorDay)}`);
  }
  // Start from a lower bound on the answer, then step: at most two steps.
  let k =
    months === null
      ? Math.max(0, Math.floor(daysBetween(renewalDate, today) / 7))
      : Math.max(0, Math.floor((to.y * 12 + to.m - (from.y * 12 + from.m)) / months));
  let date = k === 0 ? renewalDate : renewalAfter(renewalDate, months, k, day);
  while (date < today) date = renewalAfter(renewalDate, months, ++k, day);
  return { date, cyclesAdvanced: k };
}

export interface NextRenewalInput {
  /** May be null only when currentRenewalDate is given (start dates are optional on subscriptions). */
  startDate: string | null;
  cycle: BillingCycle;
  intervalMonths?: number | null;
  today: string;
  autoRenew: boolean;
  /** The stored next renewal date; when given it anchors the schedule instead of startDate. */
  currentRenewalDate?: string | null;
}

// The start date's day when `renewal` is that day clamped to its month (Jan 31 → Feb 29), else its own day.
function anchorDayFor(startDate: string | null, renewal: string): number {
  const { y, m, d } = parseCalendarDate(renewal);
  if (startDate === null) return d;
  const start = parseCalendarDate(startDate).d;
  return Math.min(start, daysInMonth(y, m)) === d ? start : d;
}

/**
 * The renewal date to show. Renewals fall on startDate + k cycles (k ≥ 1), or on currentRenewalDate +
 * k cycles (k ≥ 0) when that is given, aimed at the start date's day so month ends stay month ends.
 * Auto-renewing: the first renewal on or after today (past renewals roll forward, several cycles if
 * need be). Not auto-renewing: the first renewal even if it has passed (the subscription is overdue).
 */
export function nextRenewalDate(input: NextRenewalInput): string {
  const { startDate, cycle, intervalMonths, today, autoRenew, currentRenewalDate } = input;
  const months = cycleMonths(cycle, intervalMonths);
  parseCalendarDate(today);
  let first = currentRenewalDate;
  if (!first) {
    if (!startDate) throw new RangeError('nextRenewalDate needs a startDate or a currentRenewalDate');
    first = renewalAfter(startDate, months, 1, parseCalendarDate(startDate).d);
  }
  const anchorDay = anchorDayFor(startDate, first); // also validates both dates
  if (!autoRenew) return first;
  return rollForward(first, cycle, intervalMonths, today, anchorDay).date;
}

export interface StoredRenewalInput {
  /** The date the user (or file) gave; kept as it is. */
  nextRenewalDate: string | null;
  startDate: string | null;
  cycle: BillingCycle;
  intervalMonths?: number | null;
  autoRenew: boolean;
  status: string;
  today: string;
}

/**
 * The renewal date an application is saved with, so every application reaches Renewals and alerts:
 * the date given; else the next renewal counted from the start date; else, with no start date,
 * one cycle after today (as if it started today — adding it is when it is known to be paid). A
 * cancelled application with neither date gets none: it will not renew.
 */
export function renewalDateToStore(input: StoredRenewalInput): string | null {
  if (input.nextRenewalDate) return input.nextRenewalDate;
  if (!input.startDate && input.status === 'cancelled') return null;
  return nextRenewalDate({
    startDate: input.startDate ?? input.today,
    cycle: input.cycle,
    intervalMonths: input.intervalMonths,
    today: input.today,
    autoRenew: input.autoRenew,
  });
}

/** Last day to give notice: the renewal date minus the notice period (no notice → the renewal date). */
export function cancelByDate(renewalDate: string, noticePeriodDays: number | null | undefined): string {
  if (noticePeriodDays === null || noticePeriodDays === undefined) return addDays(renewalDate, 0);
  return addDays(renewalDate, -nonNegativeInteger('noticePeriodDays', noticePeriodDays));
}

export const RENEWAL_URGENCIES = ['overdue', 'high', 'medium', 'low'] as const;
export type RenewalUrgency = (typeof RENEWAL_URGENCIES)[number];

/** Urgency from days left: overdue (< 0), high (≤ 7), medium (≤ 30), low (more). */
export function renewalUrgency(daysLeft: number): RenewalUrgency {
  if (Number.isNaN(daysLeft)) throw new RangeError('daysLeft must be a number');
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= 7) return 'high';
  if (daysLeft <= 30) return 'medium';
  return 'low';
}
