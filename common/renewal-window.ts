// "Renewing in the next N days" and the money due in that window: one definition for the
// dashboard, the Renewals page, the Applications filter and the API. Pure and isomorphic.
import type { BillingCycle } from './billing';
import { chargeDates } from './charge-schedule';
import { addDays } from './dates';

/** The dashboard's window, in days. */
export const UPCOMING_RENEWAL_DAYS = 30;

/**
 * The N-day window starting today: today is day 1, so the next 30 days run from today through
 * today + 29. A renewal date before today is overdue, not upcoming.
 */
export function renewalWindow(today: string, days: number): { from: string; to: string } {
  return { from: today, to: addDays(today, days - 1) };
}

/** Whether a renewal on `date` is one of the next `days` days' renewals. */
export function isRenewingWithin(date: string | null, today: string, days: number): boolean {
  if (!date) return false;
  const { from, to } = renewalWindow(today, days);
  return date >= from && date <= to;
}

export interface ChargingApplication {
  nextRenewalDate: string;
  billingCycle: BillingCycle;
  intervalMonths?: number | null;
  startDate?: string | null;
  /** Overrides the anchor day derived from nextRenewalDate and startDate (see chargeAnchorDay). */
  anchorDay?: number;
  /** What one cycle costs, in minor units. */
  costPerCycleMinor: number;
}

/**
 * What an application will charge in the window, in minor units: its per-cycle cost at every charge
 * date in it (a weekly tool charges four or five times in 30 days, an annual one once or not at all).
 */
export function dueInWindowMinor(app: ChargingApplication, today: string, days: number): number {
  const { from, to } = renewalWindow(today, days);
  return dueBetweenMinor(app, from, to);
}

/** What an application charges from `from` to `to` (both included), from its next renewal date on. */
export function dueBetweenMinor(app: ChargingApplication, from: string, to: string): number {
  const dates = chargeDates(
    {
      cycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      anchorDate: app.nextRenewalDate,
      startDate: app.startDate,
      anchorDay: app.anchorDay,
    },
    from < app.nextRenewalDate ? app.nextRenewalDate : from,
    to,
  );
  return dates.length * app.costPerCycleMinor;
}

/**
 * Contract renewals: billing cycles whose renewal is a decision (a year or more of commitment). The
 * others (weekly, monthly, quarterly, semi-annual) are recurring charges: the dashboard counts them
 * apart, and the renewals timeline's "Annual renewals" view leaves them out.
 */
export const CONTRACT_RENEWAL_CYCLES: readonly BillingCycle[] = ['annual', 'multi-year'];

/** Whether a renewal on this cycle is a contract renewal (see CONTRACT_RENEWAL_CYCLES). */
export function isContractRenewal(cycle: string): boolean {
  return (CONTRACT_RENEWAL_CYCLES as readonly string[]).includes(cycle);
}
