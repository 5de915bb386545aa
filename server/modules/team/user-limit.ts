import { isLimitReached, PLANS, type PlanId } from '../../../common/plans';
import { AppError } from '../../errors';

// Inline seat check until billing's shared `assertWithinLimit(deps, ctx, 'users', count)` lands
// on main; the lead unifies them. Counts members plus pending invitations (issue 8).

const NEXT_PLAN: Record<PlanId, PlanId | null> = { starter: 'pro', pro: 'scale', scale: null };

/** Throws 403 plan_limit when `count` users already fill the plan's maxUsers. */
export function assertUserLimit(plan: PlanId, count: number): void {
  const max = PLANS[plan].maxUsers;
  if (!isLimitReached(count, max)) return;
  const requiredPlan = NEXT_PLAN[plan];
  const included = max === 1 ? '1 user' : `up to ${max} users`;
  const upgrade = requiredPlan ? ` Upgrade to ${PLANS[requiredPlan].name} to add more team members.` : '';
  throw new AppError(
    'plan_limit',
    `Your ${PLANS[plan].name} plan includes ${included} (members and pending invitations).${upgrade}`,
    { limit: 'users', max, current: count, ...(requiredPlan ? { requiredPlan } : {}) },
  );
}
