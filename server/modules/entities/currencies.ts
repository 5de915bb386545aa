import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities } from '../../db/schema';

/** The functional currencies of the organization's entities (the daily rate feed covers them). */
export async function entityCurrencies(db: DbOrTx, orgId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ currency: entities.functionalCurrency })
    .from(entities)
    .where(eq(entities.organizationId, orgId));
  return rows.map((r) => r.currency);
}
