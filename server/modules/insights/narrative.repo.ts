import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_INSIGHT_STATES } from '../../../common/contracts/insights';
import type { DbOrTx } from '../../db/client';
import { insightOpportunities } from '../../db/schema';

/** Open, detected opportunities whose narrative does not word their explanation: largest saving first. */
export function opportunitiesToNarrate(db: DbOrTx, orgId: string, limit: number) {
  return db
    .select()
    .from(insightOpportunities)
    .where(
      and(
        eq(insightOpportunities.organizationId, orgId),
        inArray(insightOpportunities.state, [...OPEN_INSIGHT_STATES]),
        eq(insightOpportunities.detected, true),
        sql`${insightOpportunities.narrativeOf} is distinct from ${insightOpportunities.explanation}`,
      ),
    )
    .orderBy(sql`${insightOpportunities.savingMinor} desc nulls last`, desc(insightOpportunities.firstSeenAt))
    .limit(limit);
}

/** Stores a narrative (null: discarded) only while the opportunity's explanation is still `explanation`. */
export async function storeNarrative(
  db: DbOrTx,
  orgId: string,
  id: string,
  explanation: string,
  narrative: string | null,
): Promise<void> {
  await db
    .update(insightOpportunities)
    .set({ narrative, narrativeOf: explanation })
    .where(
      and(
        eq(insightOpportunities.organizationId, orgId),
        eq(insightOpportunities.id, id),
        eq(insightOpportunities.explanation, explanation),
      ),
    );
}
