import {
  isLimitReached,
  LIMIT_LABELS,
  planAllowing,
  planLimit,
  PLANS,
  type LimitKind,
} from '../../../common/plans';
import { AppError } from '../../errors';
import type { OrganizationRow } from '../../types';
import { effectivePlanOf } from '../organizations';

/**
 * The one plan-limit check every limited create calls with the current count (and how many it
 * adds): when that would reach past the effective plan's maximum it answers 403
 * `{ code: 'plan_limit', limit, current, kind, plan, requiredPlan }`. Over-limit data (after a
 * downgrade) stays readable; only adding more is refused.
 */
export function assertWithinLimit(
  org: OrganizationRow,
  now: Date,
  kind: LimitKind,
  currentCount: number,
  options: { adding?: number; counting?: string } = {},
): void {
  const adding = options.adding ?? 1;
  if (adding <= 0) return;
  const plan = effectivePlanOf(org, now);
  const limit = planLimit(plan, kind);
  const last = currentCount + adding - 1;
  if (!isLimitReached(last, limit)) return;
  const label = LIMIT_LABELS[kind];
  const requiredPlan = planAllowing(kind, last);
  const counting = options.counting ? `, counting ${options.counting}` : '';
  const room =
    adding > 1
      ? `: you have ${currentCount}, so ${Math.max(0, limit - currentCount)} more fit and this adds ${adding}`
      : '';
  const upgrade = requiredPlan ? ` Upgrade to ${PLANS[requiredPlan].name} to add more ${label.many}.` : '';
  throw new AppError(
    'plan_limit',
    `The ${PLANS[plan].name} plan allows up to ${limit} ${limit === 1 ? label.one : label.many}${counting}${room}.${upgrade}`,
    { limit, current: currentCount, kind, plan, requiredPlan },
  );
}
