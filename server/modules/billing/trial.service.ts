import { PLANS, type PaidPlanId } from '../../../common/plans';
import { badRequest } from '../../errors';
import type { OrganizationRow, RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import {
  canStartTrial,
  currentState,
  isTrialActive,
  trialDaysRemaining,
  trialStartPatch,
  startTrialOnce,
} from '../organizations';

/** GET /api/trial/status: the organization's trial as the banner and dialogs need it. */
export function trialStatusOf(org: OrganizationRow, now: Date) {
  return {
    isTrialActive: isTrialActive(org, now),
    trialDaysRemaining: trialDaysRemaining(org, now),
    trialPlan: org.trialPlan,
    accountStatus: org.accountStatus,
    trialEndsAt: org.trialEndsAt,
    graceEndsAt: org.graceEndsAt,
    canStartTrial: canStartTrial(org),
  };
}

/** Why this organization cannot start a trial, in words for the 'Failed to Start Trial' toast. */
function refusal(org: OrganizationRow): string {
  if (org.trialStartedAt) return 'Your organization has already used its free trial.';
  if (org.subscriptionPlan !== 'starter') {
    return `Free trials are only available on the Starter plan; you are on ${PLANS[org.subscriptionPlan].name}.`;
  }
  return 'A free trial cannot start while the account is not active.';
}

/** POST /api/trial/start: a 14-day trial of Growth or Scale, once per organization, from Starter. */
export async function startTrial(deps: ServiceDeps, ctx: RequestContext, planId: PaidPlanId) {
  if (!canStartTrial(ctx.org)) throw badRequest(refusal(ctx.org));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const patch = trialStartPatch(planId, now);
    const org = await startTrialOnce(tx, ctx.orgId, patch, now);
    // Another request started one in the meantime.
    if (!org) throw badRequest('Your organization has already used its free trial.');
    await recordAudit(tx, ctx, {
      action: 'organization.trial_start',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: { trialPlan: { from: null, to: planId }, trialEndsAt: { from: null, to: org.trialEndsAt } },
    });
    return trialStatusOf(currentState(org, now, deps.env.GRACE_DAYS), now);
  });
}
