// Reconciliation of charges against what an application should cost: the expected charge at a date
// (price history aware), "more than X% above expected" and "charged after cancellation" flags.
import type { BillingCycle } from '../../../common/billing';

export interface ReconcileApp {
  id: string;
  name: string;
  ownerUserId: string | null;
  amountMinor: number;
  currency: string;
  status: string;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  startDate: string | null;
  nextRenewalDate: string | null;
  /** Day it was cancelled (the application's own date); null unless cancelled. */
  cancelledOn: string | null;
  /** Price terms from each effective date on, ascending. */
  prices: Array<{ effectiveDate: string; amountMinor: number; currency: string }>;
}

export interface ChargeFlags {
  overExpectedPercent: number | null;
  chargedAfterCancellation: boolean;
}

const NO_FLAGS: ChargeFlags = { overExpectedPercent: null, chargedAfterCancellation: false };

/** The cost per cycle in force on a date. */
export function expectedChargeAt(app: ReconcileApp, date: string): { amountMinor: number; currency: string } {
  let terms = { amountMinor: app.amountMinor, currency: app.currency };
  if (app.prices.length > 0) {
    for (const price of app.prices) if (price.effectiveDate <= date) terms = price;
  }
  return terms;
}

/** Flags of one charge against its application; refunds and other currencies are never flagged. */
export function chargeFlags(
  app: ReconcileApp | undefined,
  charge: { date: string; amountMinor: number; currency: string },
  tolerancePercent: number,
): ChargeFlags {
  if (!app || charge.amountMinor <= 0) return NO_FLAGS;
  const expected = expectedChargeAt(app, charge.date);
  let overExpectedPercent: number | null = null;
  if (expected.amountMinor > 0 && expected.currency === charge.currency) {
    const over = ((charge.amountMinor - expected.amountMinor) * 100) / expected.amountMinor;
    if (over > tolerancePercent) overExpectedPercent = Math.floor(over);
  }
  return {
    overExpectedPercent,
    chargedAfterCancellation: app.cancelledOn !== null && charge.date > app.cancelledOn,
  };
}
