// Group offers and the organizations' requests for them (offers.service.ts).
import { and, eq, gte, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupOfferRequests, groupOffers } from '../../db/schema';
import { inChunks } from '../../db/bulk-insert';

export type OfferRow = typeof groupOffers.$inferSelect;
export type NewOfferRow = typeof groupOffers.$inferInsert;

export function listOfferRows(db: DbOrTx): Promise<OfferRow[]> {
  return db.select().from(groupOffers).orderBy(groupOffers.createdAt);
}

export async function insertOffer(db: DbOrTx, values: NewOfferRow): Promise<OfferRow> {
  const [row] = await db.insert(groupOffers).values(values).returning();
  return row!;
}

/** Deletes an offer; answers whether there was one. */
export async function deleteOfferRow(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(groupOffers)
    .where(eq(groupOffers.id, id))
    .returning({ id: groupOffers.id });
  return deleted.length > 0;
}

/** Replaces the offers a file loaded with these (offers posted through the API stay). */
export async function replaceFileOffers(db: DbOrTx, offers: NewOfferRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(groupOffers).where(eq(groupOffers.source, 'file'));
    await inChunks(groupOffers, offers, (chunk) => tx.insert(groupOffers).values(chunk));
  });
}

/** The offer if it has not expired by `today`. */
export async function findLiveOffer(db: DbOrTx, id: string, today: string): Promise<OfferRow | undefined> {
  const [offer] = await db
    .select()
    .from(groupOffers)
    .where(and(eq(groupOffers.id, id), or(isNull(groupOffers.expiresOn), gte(groupOffers.expiresOn, today))));
  return offer;
}

/** Records the organization's request once; answers the new row, or undefined when it had asked before. */
export async function insertOfferRequest(db: DbOrTx, values: typeof groupOfferRequests.$inferInsert) {
  const [recorded] = await db.insert(groupOfferRequests).values(values).onConflictDoNothing().returning();
  return recorded;
}

/** When the organization asked for the offer, if it did. */
export async function offerRequestedAt(db: DbOrTx, orgId: string, offerId: string): Promise<Date | null> {
  const [request] = await db
    .select({ requestedAt: groupOfferRequests.requestedAt })
    .from(groupOfferRequests)
    .where(and(eq(groupOfferRequests.organizationId, orgId), eq(groupOfferRequests.offerId, offerId)));
  return request?.requestedAt ?? null;
}
