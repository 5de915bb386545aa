// Starter's application limit (spec §1, §5), counted under a lock and checked by billing's
// assertWithinLimit like every other plan limit.
import { PLANS, UNLIMITED } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { assertWithinLimit } from '../billing';
import { effectivePlanOf } from '../organizations';
import { findOrganization, lockOrganization } from '../organizations';
import { countLiveSubscriptions } from './subscriptions.repo';

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
  const org = await lockOrganization(db, orgId);
  if (!org) throw new AppError('not_found', 'Organization not found');
  const current = await countLiveSubscriptions(db, orgId);
  assertWithinLimit(org, now, 'apps', current, { adding });
}
