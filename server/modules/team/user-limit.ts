import { isLimitReached, PLANS, type PlanId } from '../../../common/plans';
import { AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { effectivePlanOf } from '../organizations/plan-state';

// Inline seat check until billing's shared `assertWithinLimit(deps, ctx, 'users', count)` (branch
// plans-billing) lands on main; same signature and error shape, so unifying is a one-line swap.

const NEXT_PLAN: Record<PlanId, PlanId | null> = { starter: 'pro', pro: 'scale', scale: null };

/** 403 plan_limit when `currentCount` users (members + pending invitations) fill the effective plan. */
export function assertUserLimit(
  deps: Pick<ServiceDeps, 'clock'>,
  ctx: Pick<RequestContext, 'org'>,
  currentCount: number,
): void {
  const plan = effectivePlanOf(ctx.org, deps.clock.now());
  const limit = PLANS[plan].maxUsers;
  if (!isLimitReached(currentCount, limit)) return;
  const requiredPlan = NEXT_PLAN[plan];
  const upgrade = requiredPlan ? ` Upgrade to ${PLANS[requiredPlan].name} to add more team members.` : '';
  throw new AppError(
    'plan_limit',
    `The ${PLANS[plan].name} plan allows up to ${limit} ${limit === 1 ? 'user' : 'users'}, counting pending invitations.${upgrade}`,
    { limit, kind: 'users', plan, requiredPlan },
  );
}
