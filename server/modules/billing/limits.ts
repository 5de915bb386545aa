import {
  isLimitReached,
  LIMIT_LABELS,
  planAllowing,
  planLimit,
  PLANS,
  type LimitKind,
} from '../../../common/plans';
import { AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { effectivePlanOf } from '../organizations/plan-state';

/**
 * The shared plan-limit check every limited create calls with the current count: at or above the
 * effective plan's maximum it answers 403 `{ code: 'plan_limit', limit, kind, plan, requiredPlan }`.
 * Over-limit data (after a downgrade) stays readable; only adding more is refused.
 */
export function assertWithinLimit(
  deps: Pick<ServiceDeps, 'clock'>,
  ctx: Pick<RequestContext, 'org'>,
  kind: LimitKind,
  currentCount: number,
): void {
  const plan = effectivePlanOf(ctx.org, deps.clock.now());
  const limit = planLimit(plan, kind);
  if (!isLimitReached(currentCount, limit)) return;
  const label = LIMIT_LABELS[kind];
  const requiredPlan = planAllowing(kind, currentCount);
  const upgrade = requiredPlan ? ` Upgrade to ${PLANS[requiredPlan].name} to add more.` : '';
  throw new AppError(
    'plan_limit',
    `The ${PLANS[plan].name} plan allows up to ${limit} ${limit === 1 ? label.one : label.many}.${upgrade}`,
    { limit, kind, plan, requiredPlan },
  );
}
