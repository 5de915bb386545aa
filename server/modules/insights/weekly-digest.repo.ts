import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { OPEN_INSIGHT_STATES } from '../../../common/contracts/insights';
import type { DbOrTx } from '../../db/client';
import { insightOpportunities } from '../../db/schema';

/**
 * The opportunity rows behind the weekly digest, in the organization's currency: those first seen
 * in the week (largest saving first), the open total (not snoozed on `date`), and the savings
 * realized from the fiscal year's start to the week's end.
 */
export async function weeklyOpportunityRows(
  db: DbOrTx,
  org: { id: string; currency: string },
  period: { date: string; weekStart: Date; weekEnd: Date; fiscalYearStart: Date },
) {
  const o = insightOpportunities;
  const mine = and(eq(o.organizationId, org.id), eq(o.currency, org.currency));
  const open = and(mine, inArray(o.state, [...OPEN_INSIGHT_STATES]), eq(o.detected, true));
  const fresh = await db
    .select({
      id: o.id,
      key: o.key,
      title: o.title,
      savingMinor: o.savingMinor,
      currency: o.currency,
      claims: o.claims,
    })
    .from(o)
    .where(and(open, gte(o.firstSeenAt, period.weekStart), lt(o.firstSeenAt, period.weekEnd)))
    .orderBy(sql`${o.savingMinor} desc nulls last`, o.title);
  const [identified] = await db
    .select({ minor: sql<string>`coalesce(sum(${o.countedMinor}), 0)` })
    .from(o)
    .where(and(open, or(isNull(o.snoozedUntil), lte(o.snoozedUntil, period.date))));
  const realized = await db
    .select({ minor: o.realizedMinor, at: o.realizedAt })
    .from(o)
    .where(
      and(
        mine,
        eq(o.state, 'realized'),
        gte(o.realizedAt, period.fiscalYearStart),
        lt(o.realizedAt, period.weekEnd),
      ),
    );
  return { fresh, identified, realized };
}
