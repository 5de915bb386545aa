import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { samlAssertionIds } from '../../../db/schema';

/**
 * Remembers an assertion as used; false when it already was (a replay). The organization's ids
 * past their expiry are forgotten on the way: an expired assertion is refused by its dates anyway.
 */
export async function rememberAssertion(
  db: DbOrTx,
  orgId: string,
  assertion: { assertionId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db
    .delete(samlAssertionIds)
    .where(and(eq(samlAssertionIds.organizationId, orgId), lt(samlAssertionIds.expiresAt, now)));
  const inserted = await db
    .insert(samlAssertionIds)
    .values({ organizationId: orgId, assertionId: assertion.assertionId, expiresAt: assertion.expiresAt })
    .onConflictDoNothing({ target: [samlAssertionIds.organizationId, samlAssertionIds.assertionId] })
    .returning({ id: samlAssertionIds.id });
  return inserted.length === 1;
}
