import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';

/** The charges among `ids` dated `since` or later that carry a cost flag (after cancellation, over expected). */
export async function flaggedChargesAmong(db: DbOrTx, orgId: string, ids: string[], since: string) {
  const flagged = [];
  for (let i = 0; i < ids.length; i += 5000) {
    flagged.push(
      ...(await db
        .select()
        .from(expenses)
        .where(
          and(
            eq(expenses.organizationId, orgId),
            inArray(expenses.id, ids.slice(i, i + 5000)),
            gte(expenses.date, since),
            or(eq(expenses.chargedAfterCancellation, true), gte(expenses.overExpectedPercent, 0)),
          ),
        )),
    );
  }
  return flagged;
}
