import { effectivePlan, type PlanId } from '../../../common/plans';
import type { OrganizationRow } from '../../types';

/** A trial is active while its end lies ahead and the account has not moved on (expired, paid). */
export function isTrialActive(org: OrganizationRow, now: Date): boolean {
  return Boolean(org.trialPlan && org.trialEndsAt && org.trialEndsAt > now && org.accountStatus === 'trial');
}

export function effectivePlanOf(org: OrganizationRow, now: Date): PlanId {
  return effectivePlan({
    subscriptionPlan: org.subscriptionPlan,
    trialPlan: org.trialPlan,
    isTrialActive: isTrialActive(org, now),
  });
}
