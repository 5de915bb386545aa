import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_INSIGHT_STATES } from '../../../common/contracts/insights';
import type { DbOrTx } from '../../db/client';
import { insightOpportunities } from '../../db/schema';
import { subscriptionsOf } from '../subscriptions';

/** The opportunities among `ids` still open and detected. */
export function openDetectedOpportunities(db: DbOrTx, orgId: string, ids: string[]) {
  return db
    .select()
    .from(insightOpportunities)
    .where(
      and(
        eq(insightOpportunities.organizationId, orgId),
        inArray(insightOpportunities.id, ids),
        inArray(insightOpportunities.state, [...OPEN_INSIGHT_STATES]),
        eq(insightOpportunities.detected, true),
      ),
    );
}

/** The owner of each of the applications (id → owner user id). */
export async function applicationOwners(db: DbOrTx, orgId: string, appIds: string[]) {
  if (appIds.length === 0) return new Map<string, string | null>();
  const apps = subscriptionsOf(orgId);
  const rows = await db
    .select({ id: apps.id, ownerUserId: apps.ownerUserId })
    .from(apps)
    .where(inArray(apps.id, appIds));
  return new Map(rows.map((a) => [a.id, a.ownerUserId]));
}
