// How loud an alert is: money at stake and time left, so a $20/month tool never rings like a
// $20K contract. Shared by every rule that raises a notification (renewals, contracts, charges,
// budgets); the notification lists sort by the result.

import { fromMinor, isCurrencyCode, type CurrencyCode } from './money';

export type AlertPriority = 'high' | 'medium' | 'low';

/**
 * Roughly how many units of each currency make one US dollar. Only places an amount against the
 * thresholds below (an order of magnitude is enough there); never used to convert money shown.
 */
// prettier-ignore
const UNITS_PER_USD: Record<CurrencyCode, number> = {
  USD: 1, EUR: 0.9, GBP: 0.8, JPY: 150, CHF: 0.9, CAD: 1.4, AUD: 1.5, NZD: 1.7, SEK: 10, NOK: 10.5,
  DKK: 6.8, ISK: 135, PLN: 3.9, CZK: 23, HUF: 360, RON: 4.6, TRY: 38, UAH: 41, INR: 85, PKR: 280,
  BRL: 5.5, MXN: 19, ARS: 1100, CLP: 950, COP: 4000, PEN: 3.7, KRW: 1400, CNY: 7.2, HKD: 7.8, TWD: 31,
  SGD: 1.3, MYR: 4.4, THB: 33, IDR: 16000, PHP: 57, VND: 25000, ZAR: 18, NGN: 1500, KES: 130, EGP: 49,
  ILS: 3.6, AED: 3.67, SAR: 3.75, QAR: 3.64, KWD: 0.31, BHD: 0.38, OMR: 0.38, JOD: 0.71,
};

/** An amount in whole US dollars, roughly; an unknown currency counts as dollars. */
export function roughUsd(minor: number, currency: string): number {
  const code = currency.toUpperCase();
  if (!isCurrencyCode(code)) return minor / 100;
  return fromMinor(minor, code) / UNITS_PER_USD[code];
}

/**
 * Deadline alerts (renewals, cancel-by, auto-renewal, overdue, contract expiry) weigh the
 * application's ANNUAL cost: a renewal decision commits the company to another year of the tool,
 * and per-cycle amounts would make a $2,000-a-month tool look like a $2,000 decision.
 */
export const DEADLINE_THRESHOLDS_USD = {
  /** A contract a finance lead negotiates: high within the decision window. */
  major: 10_000,
  /** About $170 a month and up: high in the last week, medium within the window. */
  moderate: 2_000,
  /** About $40 a month and up: medium in the last week; below it a tool is always low. */
  minor: 500,
} as const;
/** The last week before a deadline, or past it. */
export const URGENT_DAYS = 7;
/** The month before a deadline in which notice is typically given and renewals negotiated. */
export const DECISION_WINDOW_DAYS = 30;
/** Big contracts get a medium heads-up this early (the longest default cancel-by reminder). */
export const EARLY_WARNING_DAYS = 90;

/**
 * Spend alerts (a charge above expected or after cancellation, a budget overrun) weigh the money
 * already lost or forecast to be lost: the overspend, not the tool's annual cost.
 */
export const SPEND_THRESHOLDS_USD = { high: 1_000, medium: 100 } as const;

export interface PriorityInput {
  /**
   * Money at stake in minor units of `currency`: for deadline alerts the application's annual
   * cost; for spend alerts the overspend (charge − expected, a whole unwanted charge, or the
   * amount a budget is over or forecast to be over).
   */
  atStakeMinor: number;
  currency: string;
  /**
   * Days until the deadline the alert counts down to (the cancel-by date for cancel-by and
   * auto-renewal reminders, the renewal date, the contract's end); negative once it has passed.
   * null for spend alerts, which have no deadline.
   */
  daysLeft: number | null;
}

/** The priority of an alert from its money at stake and, for deadlines, the days left. */
export function alertPriority({ atStakeMinor, currency, daysLeft }: PriorityInput): AlertPriority {
  const usd = Math.max(0, roughUsd(atStakeMinor, currency));
  if (daysLeft === null) {
    if (usd >= SPEND_THRESHOLDS_USD.high) return 'high';
    return usd >= SPEND_THRESHOLDS_USD.medium ? 'medium' : 'low';
  }
  const { major, moderate, minor } = DEADLINE_THRESHOLDS_USD;
  if (daysLeft <= URGENT_DAYS) {
    if (usd >= moderate) return 'high';
    return usd >= minor ? 'medium' : 'low';
  }
  if (daysLeft <= DECISION_WINDOW_DAYS) {
    if (usd >= major) return 'high';
    return usd >= moderate ? 'medium' : 'low';
  }
  if (daysLeft <= EARLY_WARNING_DAYS && usd >= major) return 'medium';
  return 'low';
}
