// The alert rules as pure functions: given a record, the organization's rules and the day, which
// notifications are due. Each carries a dedupe key (rule, record, date, offset), so running a day
// twice, on two servers, or again after a restart never repeats one.

import { alertPriority, type AlertPriority } from '../../../common/alert-priority';
import { dueOffset, type AlertRules } from '../../../common/alerts';
import { cancelByDate } from '../../../common/billing';
import type { DecisionStatus } from '../../../common/contracts/renewals';
import { daysUntil } from '../../../common/dates';
import { formatAmount } from '../../../common/money';
import { daysNotice, formatProseDate, inDays } from '../../../common/wording';

/** Spec §2's notification types; anything else (savings insights) is `other`. */
export type AlertType =
  'due-soon' | 'overdue' | 'auto-renewal' | 'contract-expiry' | 'cost-alert' | 'budget-alert' | 'other';

export interface Alert {
  type: AlertType;
  title: string;
  message: string;
  priority: AlertPriority;
  /** The deadline the alert counts down to (cancel-by, renewal, contract end); null for spend. */
  dueOn: string | null;
  /** The application it is about; null for organization-wide alerts (a budget). */
  subscriptionId: string | null;
  /** The application's owner, who is e-mailed about it when the organization wants that. */
  ownerUserId: string | null;
  actionUrl: string;
  actionText: string;
  dedupeKey: string;
}

export interface RenewalRecord {
  id: string;
  name: string;
  ownerUserId: string | null;
  renewalDate: string;
  autoRenew: boolean;
  noticePeriodDays: number;
  currency: string;
  annualCostMinor: number;
  cycleCostMinor: number;
  decision: DecisionStatus | null;
  /** A running contract ends on the renewal date (its expiry rule speaks for the renewal). */
  contractEndsOnRenewal: boolean;
}

export interface ContractRecord {
  id: string;
  title: string;
  endDate: string;
  noticePeriodDays: number;
  subscriptionId: string;
  subscriptionName: string;
  ownerUserId: string | null;
  /** The application's annual cost: what letting the contract lapse or renewing it weighs. */
  annualCostMinor: number;
  currency: string;
}

/** 'Dec 1, 2026': the prose date of every sentence (common/wording.ts). */
export const formatDay = formatProseDate;
const renewalsUrl = '/app/renewals';
const applicationUrl = (id: string) => `/app/subscriptions/${id}`;

/** Whether a renewal costs anything: one that charges $0.00 (cycle and year) raises no renewal alert. */
export function renewalHasCost(record: Pick<RenewalRecord, 'cycleCostMinor' | 'annualCostMinor'>): boolean {
  return record.cycleCostMinor !== 0 || record.annualCostMinor !== 0;
}

/** The renewal reminders due for one application on `today`; none for a renewal that costs nothing. */
export function renewalAlerts(record: RenewalRecord, rules: AlertRules, today: string): Alert[] {
  // A renewal that costs nothing ($0.00 a cycle and a year) has nothing at stake: no reminder.
  if (!renewalHasCost(record)) return [];
  const alerts: Alert[] = [];
  const { id, name, renewalDate } = record;
  const cancelBy = cancelByDate(renewalDate, record.noticePeriodDays);
  const daysLeft = daysUntil(renewalDate, today);
  const daysToCancelBy = daysUntil(cancelBy, today);
  const cost = formatAmount(record.annualCostMinor, record.currency);
  const settledToRenew = record.decision === 'renew' || record.decision === 'done';
  const base = { subscriptionId: id, ownerUserId: record.ownerUserId };
  const priorityIn = (days: number) =>
    alertPriority({ atStakeMinor: record.annualCostMinor, currency: record.currency, daysLeft: days });

  if (rules.cancelBy.enabled && !settledToRenew) {
    const offset = dueOffset(rules.cancelBy.offsets, daysToCancelBy);
    if (offset !== null) {
      const notice =
        record.noticePeriodDays > 0
          ? `To cancel or renegotiate, give ${daysNotice(record.noticePeriodDays)} by ${formatDay(cancelBy)}.`
          : `Decide before ${formatDay(cancelBy)}.`;
      alerts.push({
        ...base,
        type: 'due-soon',
        title: `${name}: cancel-by date ${inDays(daysToCancelBy)}`,
        message: `${name} ${record.autoRenew ? 'renews automatically' : 'renews'} on ${formatDay(renewalDate)} (${cost} a year). ${notice}`,
        priority: priorityIn(daysToCancelBy),
        dueOn: cancelBy,
        actionUrl: renewalsUrl,
        actionText: 'Review renewal',
        dedupeKey: `cancel-by:${id}:${renewalDate}:${offset}`,
      });
    }
  }

  // Without a notice period the cancel-by reminders already count down to the renewal date (and
  // say whether it renews automatically), so due-soon and auto-renewal would only repeat them.
  const coveredByCancelBy = rules.cancelBy.enabled && cancelBy === renewalDate;
  if (
    rules.dueSoon.enabled &&
    !settledToRenew &&
    record.decision !== 'cancel' &&
    !coveredByCancelBy &&
    !record.contractEndsOnRenewal
  ) {
    const offset = dueOffset(rules.dueSoon.offsets, daysLeft);
    if (offset !== null) {
      alerts.push({
        ...base,
        type: 'due-soon',
        title: daysLeft === 0 ? `${name} renews today` : `${name} renews ${inDays(daysLeft)}`,
        message: `${name} renews on ${formatDay(renewalDate)} (${cost} a year). Record a decision: renew, renegotiate or cancel.`,
        priority: priorityIn(daysLeft),
        dueOn: renewalDate,
        actionUrl: renewalsUrl,
        actionText: 'Review renewal',
        dedupeKey: `due-soon:${id}:${renewalDate}:${offset}`,
      });
    }
  }

  if (rules.autoRenewal.enabled && record.autoRenew && record.decision !== 'cancel' && !coveredByCancelBy) {
    const offset = dueOffset(rules.autoRenewal.offsets, daysLeft);
    if (offset !== null) {
      alerts.push({
        ...base,
        type: 'auto-renewal',
        title: `${name} auto-renews ${inDays(daysLeft)}`,
        message: `${name} will be charged ${formatAmount(record.cycleCostMinor, record.currency)} on ${formatDay(renewalDate)} unless it is cancelled.`,
        // Counts down to the last day notice can be given; past it, the charge is locked in.
        priority: priorityIn(daysToCancelBy),
        dueOn: cancelBy,
        actionUrl: applicationUrl(id),
        actionText: 'View application',
        dedupeKey: `auto-renewal:${id}:${renewalDate}:${offset}`,
      });
    }
  }

  const undecided =
    record.decision === null || record.decision === 'upcoming' || record.decision === 'reviewing';
  if (rules.overdue.enabled && daysLeft < 0 && !record.autoRenew && undecided) {
    alerts.push({
      ...base,
      type: 'overdue',
      title: `${name} renewal is overdue`,
      message: `The renewal date ${formatDay(renewalDate)} passed without a decision. ${name} does not renew automatically: decide whether to renew, renegotiate or cancel.`,
      priority: priorityIn(daysLeft),
      dueOn: renewalDate,
      actionUrl: renewalsUrl,
      actionText: 'Decide now',
      dedupeKey: `overdue:${id}:${renewalDate}`,
    });
  }
  return alerts;
}

/** The expiry reminder due for a running contract that does not renew by itself. */
export function contractAlerts(contract: ContractRecord, rules: AlertRules, today: string): Alert[] {
  if (!rules.contractExpiry.enabled) return [];
  const daysLeft = daysUntil(contract.endDate, today);
  const offset = dueOffset(rules.contractExpiry.offsets, daysLeft);
  if (offset === null) return [];
  const cancelBy = cancelByDate(contract.endDate, contract.noticePeriodDays);
  const notice =
    contract.noticePeriodDays > 0 && cancelBy >= today ? ` Notice is due by ${formatDay(cancelBy)}.` : '';
  return [
    {
      type: 'contract-expiry',
      title: `Contract "${contract.title}" for ${contract.subscriptionName} ends ${inDays(daysLeft)}`,
      message: `The contract ends on ${formatDay(contract.endDate)} and does not renew automatically: renew or replace it in time.${notice}`,
      priority: alertPriority({
        atStakeMinor: contract.annualCostMinor,
        currency: contract.currency,
        daysLeft,
      }),
      dueOn: contract.endDate,
      subscriptionId: contract.subscriptionId,
      ownerUserId: contract.ownerUserId,
      actionUrl: applicationUrl(contract.subscriptionId),
      actionText: 'View contract',
      dedupeKey: `contract-expiry:${contract.id}:${contract.endDate}:${offset}`,
    },
  ];
}

export interface ChargeAlertInput {
  expenseId: string;
  subscriptionId: string;
  name: string;
  ownerUserId: string | null;
  date: string;
  amountMinor: number;
  currency: string;
}

/**
 * A charge above what the application should cost per billing cycle. `overPercent` comes from
 * reconciliation, which flags a charge only past the rules' threshold; disabled rules raise nothing.
 */
export function overExpectedAlert(
  input: ChargeAlertInput & { expectedMinor: number; overPercent: number },
  rules: AlertRules,
): Alert | null {
  if (!rules.costAlert.enabled) return null;
  const { overPercent: over } = input;
  return {
    type: 'cost-alert',
    title: `${input.name} charged ${over}% more than expected`,
    message: `A charge of ${formatAmount(input.amountMinor, input.currency)} on ${formatDay(input.date)} is ${over}% above the expected ${formatAmount(input.expectedMinor, input.currency)} per billing cycle (alert threshold ${rules.costAlert.thresholdPct}%). Check for a price increase, extra seats or usage.`,
    priority: alertPriority({
      atStakeMinor: input.amountMinor - input.expectedMinor,
      currency: input.currency,
      daysLeft: null,
    }),
    dueOn: null,
    subscriptionId: input.subscriptionId,
    ownerUserId: input.ownerUserId,
    actionUrl: applicationUrl(input.subscriptionId),
    actionText: 'Review charges',
    dedupeKey: `cost-alert:expense:${input.expenseId}`,
  };
}

/** A charge dated after the application was cancelled: money is still going out. */
export function chargedAfterCancellationAlert(
  input: ChargeAlertInput & { cancelledOn: string | null },
  rules: AlertRules,
): Alert | null {
  if (!rules.costAlert.enabled) return null;
  const cancelled = input.cancelledOn ? ` on ${formatDay(input.cancelledOn)}` : '';
  return {
    type: 'cost-alert',
    title: `Still being charged for ${input.name}`,
    message: `A ${formatAmount(input.amountMinor, input.currency)} charge on ${formatDay(input.date)} arrived after ${input.name} was cancelled${cancelled}. Ask the vendor to stop billing and refund it.`,
    priority: alertPriority({ atStakeMinor: input.amountMinor, currency: input.currency, daysLeft: null }),
    dueOn: null,
    subscriptionId: input.subscriptionId,
    ownerUserId: input.ownerUserId,
    actionUrl: applicationUrl(input.subscriptionId),
    actionText: 'Review charges',
    dedupeKey: `cost-alert:cancelled:${input.expenseId}`,
  };
}
