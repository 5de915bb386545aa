import {
  daysRemaining,
  effectivePlan,
  isPlanId,
  TRIAL_DAYS,
  viewPlan,
  type PlanId,
} from '../../../common/plans';
import { DAY_MS } from '../../lib/clock';
import type { OrganizationRow } from '../../types';

// The one source of truth for where an organization's plan and account stand at a moment.
// Reads apply the due lifecycle step on the fly (so a trial ending at 14:00 is read-only at
// 14:00, not at the next daily run); the daily job persists the same step and sends e-mails.

/** A trial is active while its end lies ahead and the account has not moved on (expired, paid). */
export function isTrialActive(org: OrganizationRow, now: Date): boolean {
  return Boolean(org.trialPlan && org.trialEndsAt && org.trialEndsAt > now && org.accountStatus === 'trial');
}

export function trialDaysRemaining(org: OrganizationRow, now: Date): number {
  return isTrialActive(org, now) ? daysRemaining(org.trialEndsAt, now) : 0;
}

/** A trial can start once per organization, from Starter, when nothing else is going on. */
export function canStartTrial(org: OrganizationRow): boolean {
  return org.subscriptionPlan === 'starter' && !org.trialStartedAt && org.accountStatus === 'active';
}

export type LifecycleStep = 'converted' | 'grace' | 'expired';

export interface LifecycleTransition {
  step: LifecycleStep;
  patch: Pick<Partial<OrganizationRow>, 'subscriptionPlan' | 'accountStatus' | 'graceEndsAt'>;
}

/**
 * The step due now, if any: an ended trial converts to its paid plan when a payment method and
 * auto-renew exist, else enters the read-only grace period (ending GRACE_DAYS after the trial),
 * which in turn ends as trial_expired. A long-missed step lands directly on its final state.
 */
export function dueTransition(
  org: OrganizationRow,
  now: Date,
  graceDays: number,
): LifecycleTransition | null {
  if (org.accountStatus === 'trial' && org.trialEndsAt && org.trialEndsAt <= now) {
    if (org.hasPaymentMethod && org.autoRenewTrial && isPlanId(org.trialPlan)) {
      return {
        step: 'converted',
        patch: { subscriptionPlan: org.trialPlan, accountStatus: 'active', graceEndsAt: null },
      };
    }
    const graceEndsAt = new Date(org.trialEndsAt.getTime() + graceDays * DAY_MS);
    return graceEndsAt <= now
      ? { step: 'expired', patch: { accountStatus: 'trial_expired', graceEndsAt } }
      : { step: 'grace', patch: { accountStatus: 'grace_readonly', graceEndsAt } };
  }
  if (org.accountStatus === 'grace_readonly') {
    const end =
      org.graceEndsAt ?? (org.trialEndsAt ? new Date(org.trialEndsAt.getTime() + graceDays * DAY_MS) : now);
    if (end <= now) return { step: 'expired', patch: { accountStatus: 'trial_expired', graceEndsAt: end } };
  }
  return null;
}

/** The organization as it stands now: its row with any due lifecycle step applied. */
export function currentState(org: OrganizationRow, now: Date, graceDays: number): OrganizationRow {
  const transition = dueTransition(org, now, graceDays);
  return transition ? { ...org, ...transition.patch } : org;
}

export function effectivePlanOf(org: OrganizationRow, now: Date): PlanId {
  return effectivePlan({
    subscriptionPlan: org.subscriptionPlan,
    trialPlan: org.trialPlan,
    isTrialActive: isTrialActive(org, now),
  });
}

/** The plan whose features may be viewed (read): the trial plan during the grace period, see viewPlan. */
export function viewPlanOf(org: OrganizationRow, now: Date): PlanId {
  return viewPlan({
    subscriptionPlan: org.subscriptionPlan,
    trialPlan: org.trialPlan,
    isTrialActive: isTrialActive(org, now),
    accountStatus: org.accountStatus,
  });
}

/** The fields a new trial sets. */
export function trialStartPatch(planId: PlanId, now: Date): Partial<OrganizationRow> {
  return {
    trialPlan: planId,
    trialStartedAt: now,
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    accountStatus: 'trial',
    graceEndsAt: null,
    trialReminderSentAt: null,
  };
}
