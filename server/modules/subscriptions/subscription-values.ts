// Derived money values of an application, computed on every write so SQL can sort and sum them.
import {
  annualisedMinor,
  cancelByDate,
  costPerCycleMinor,
  monthlyEquivalentMinor,
  PRICE_FIELDS,
  renewalUrgency,
  type BillingCycle,
  type PricingModel,
} from '../../../common/billing';
import { daysUntil } from '../../../common/dates';
import type { PriceTerms, subscriptions } from '../../db/schema';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface PriceFields {
  pricingModel: PricingModel;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  amountMinor: number;
  seats: number | null;
  unitPriceMinor: number | null;
  currency: string;
}

/**
 * The stored money columns: amountMinor is the cost per cycle (per-seat: seats × unit price), with its
 * monthly and annual equivalents. intervalMonths only applies to multi-year cycles.
 */
export function derivedCosts(v: PriceFields) {
  const intervalMonths = v.billingCycle === 'multi-year' ? v.intervalMonths : null;
  const amountMinor = costPerCycleMinor(v);
  return {
    intervalMonths,
    amountMinor,
    monthlyCostMinor: monthlyEquivalentMinor(amountMinor, v.billingCycle, intervalMonths),
    annualCostMinor: annualisedMinor(amountMinor, v.billingCycle, intervalMonths),
  };
}

type StoredPrice = Pick<
  SubscriptionRow,
  | 'pricingModel'
  | 'billingCycle'
  | 'intervalMonths'
  | 'amountMinor'
  | 'seats'
  | 'unitPriceMinor'
  | 'currency'
  | 'monthlyCostMinor'
>;

export function priceTerms(v: StoredPrice): PriceTerms {
  return {
    pricingModel: v.pricingModel,
    billingCycle: v.billingCycle,
    intervalMonths: v.intervalMonths,
    amountMinor: v.amountMinor,
    seats: v.seats,
    unitPriceMinor: v.unitPriceMinor,
    currency: v.currency,
    monthlyMinor: v.monthlyCostMinor,
  };
}

/** Price fields whose value differs between two versions of an application. */
export function changedPriceFields(before: StoredPrice, after: StoredPrice): string[] {
  return PRICE_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/** Renewal-derived values for display, relative to `today`. */
export function renewalView(nextRenewalDate: string | null, noticePeriodDays: number, today: string) {
  if (!nextRenewalDate) return { cancelByDate: null, daysUntilRenewal: null, renewalUrgency: null };
  const days = daysUntil(nextRenewalDate, today);
  return {
    cancelByDate: cancelByDate(nextRenewalDate, noticePeriodDays),
    daysUntilRenewal: days,
    renewalUrgency: renewalUrgency(days),
  };
}

/**
 * The cancellation day to store: a cancelled application takes the day given, else keeps the one it
 * had, else today (null counts as not given: a cancelled application always has its day); any other
 * status has none, so leaving "cancelled" clears it.
 */
export function cancellationDay(
  status: string,
  given: string | null | undefined,
  before: { status: string; cancelledOn: string | null } | null,
  today: string,
): string | null {
  if (status !== 'cancelled') return null;
  if (given) return given;
  return before?.status === 'cancelled' && before.cancelledOn ? before.cancelledOn : today;
}

/** A cancellation date is a past or present day of a cancelled application. */
export function cancellationIssues(status: string, cancelledOn: string | null | undefined, today: string) {
  if (!cancelledOn) return [];
  if (status !== 'cancelled')
    return [{ field: 'cancelledOn', message: 'Only a cancelled application has a cancellation date' }];
  if (cancelledOn > today)
    return [{ field: 'cancelledOn', message: 'The cancellation date cannot be in the future' }];
  return [];
}
