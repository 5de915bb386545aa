// Starter's application limit (spec §1, §5). Replace with billing/limits.ts assertWithinLimit once the
// plans-billing work lands on main; the rule is the same: reached when count ≥ max.
import { isLimitReached, PLANS, UNLIMITED } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { effectivePlanOf } from '../organizations/plan-state';
import { countLiveSubscriptions, findOrganization, lockOrganization } from './subscriptions.repo';

/** How many applications the organization may still add (null = unlimited), and how many it has. */
export async function appAllowance(
  db: DbOrTx,
  orgId: string,
  now: Date,
  options: { lock: boolean } = { lock: true },
) {
  const org = options.lock ? await lockOrganization(db, orgId) : await findOrganization(db, orgId);
  if (!org) throw new AppError('not_found', 'Organization not found');
  const plan = PLANS[effectivePlanOf(org, now)];
  const current = await countLiveSubscriptions(db, orgId);
  const limit = plan.maxApps >= UNLIMITED ? null : plan.maxApps;
  return { plan, current, limit };
}

/**
 * Refuses (403 plan_limit) when adding `adding` live applications would go past the plan's maximum.
 * Locks the organization row, so call it inside the inserting transaction: concurrent creates queue.
 */
export async function assertAppLimit(db: DbOrTx, orgId: string, now: Date, adding = 1): Promise<void> {
  if (adding <= 0) return;
  const { plan, current, limit } = await appAllowance(db, orgId, now);
  if (limit === null || !isLimitReached(current + adding - 1, limit)) return;
  const room = Math.max(0, limit - current);
  const message =
    adding === 1
      ? `Your ${plan.name} plan includes up to ${limit} applications and you have ${current}. Upgrade to Growth for unlimited applications.`
      : `Your ${plan.name} plan includes up to ${limit} applications: you have ${current}, so ${room} more fit and this adds ${adding}. Upgrade to Growth for unlimited applications.`;
  throw new AppError('plan_limit', message, { limit, current, plan: plan.id, requiredPlan: 'pro' });
}
