import {
  annualisedMinor,
  cancelByDate,
  costPerCycleMinor,
  isBillingCycle,
  renewalUrgency,
  type BillingCycle,
  type PricingModel,
} from '../../../common/billing';
import type { RenewalItem, RenewalStatus } from '../../../common/contracts/renewals';
import { daysUntil } from '../../../common/dates';
import type { DecisionRow, RenewalRow, SubscriptionRow } from './renewals.repo';

/** The application's billing cycle; unknown stored values count as monthly rather than failing. */
export function cycleOf(sub: SubscriptionRow): BillingCycle {
  return isBillingCycle(sub.billingCycle) ? sub.billingCycle : 'monthly';
}

/** Cost of one cycle, 0 when the stored pricing is incomplete (e.g. per seat without seats). */
export function cycleCostOf(
  sub: Pick<SubscriptionRow, 'pricingModel' | 'amountMinor' | 'seats' | 'unitPriceMinor'>,
): number {
  try {
    return costPerCycleMinor({
      pricingModel: sub.pricingModel as PricingModel,
      amountMinor: sub.amountMinor,
      seats: sub.seats,
      unitPriceMinor: sub.unitPriceMinor,
    });
  } catch {
    return 0;
  }
}

export function annualCostOf(sub: SubscriptionRow): number {
  try {
    return annualisedMinor(cycleCostOf(sub), cycleOf(sub), sub.intervalMonths);
  } catch {
    return 0;
  }
}

/** A decision counts once renew, renegotiate, cancel or done is chosen; before, the renewal is open. */
export function isDecided(decision: Pick<DecisionRow, 'status'> | null): boolean {
  return decision !== null && decision.status !== 'upcoming' && decision.status !== 'reviewing';
}

/** What the list shows: the decision, or overdue when the date passed while still undecided. */
export function displayStatus(
  sub: SubscriptionRow,
  decision: Pick<DecisionRow, 'status'> | null,
  today: string,
): RenewalStatus {
  const passed = sub.nextRenewalDate !== null && sub.nextRenewalDate < today;
  if (passed && !isDecided(decision)) return 'overdue';
  return decision?.status ?? 'upcoming';
}

export function presentRenewal(row: RenewalRow, today: string): RenewalItem {
  const sub = row.subscription;
  const renewalDate = sub.nextRenewalDate!;
  const cancelBy = cancelByDate(renewalDate, sub.noticePeriodDays);
  const daysLeft = daysUntil(renewalDate, today);
  const daysToCancelBy = daysUntil(cancelBy, today);
  const status = displayStatus(sub, row.decision, today);
  return {
    subscriptionId: sub.id,
    name: sub.name,
    vendorName: row.vendorName,
    ownerUserId: sub.ownerUserId,
    ownerName: row.ownerName ?? row.ownerEmail,
    renewalDate,
    cancelByDate: cancelBy,
    daysLeft,
    daysToCancelBy,
    noticePeriodDays: sub.noticePeriodDays,
    billingCycle: sub.billingCycle,
    intervalMonths: sub.intervalMonths,
    startDate: sub.startDate,
    costPerCycleMinor: cycleCostOf(sub),
    // The stored yearly cost, the one the list, dashboard and exports sum (no second rounding).
    annualCostMinor: sub.annualCostMinor,
    currency: sub.currency,
    autoRenew: sub.autoRenew,
    status,
    decision: row.decision?.status ?? null,
    notes: row.decision?.notes ?? null,
    // The deadline that matters is the cancel-by date until it passes, then the renewal itself.
    urgency:
      status === 'overdue'
        ? 'overdue'
        : renewalUrgency(Math.max(0, daysToCancelBy >= 0 ? daysToCancelBy : daysLeft)),
  };
}
