import { and, asc, eq, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { notificationDeliveries } from '../../db/schema';
import { inChunks } from '../../db/bulk-insert';

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDeliveryRow = typeof notificationDeliveries.$inferInsert;
type DeliveryUpdate = Partial<Omit<NewDeliveryRow, 'id'>>;

/** Queues deliveries of a new notification (inside its transaction); a repeated one is skipped. */
export async function insertDeliveries(tx: Tx, rows: NewDeliveryRow[]): Promise<void> {
  await inChunks(notificationDeliveries, rows, (chunk) =>
    tx.insert(notificationDeliveries).values(chunk).onConflictDoNothing(),
  );
}

/**
 * Takes a due delivery for this process with a conditional update (same status and attempts, due
 * by `now`): null when another process got it first.
 */
export async function claimDelivery(
  db: DbOrTx,
  row: DeliveryRow,
  now: Date,
  leaseUntil: Date,
): Promise<DeliveryRow | null> {
  const [claimed] = await db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: row.attempts + 1, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(notificationDeliveries.id, row.id),
        eq(notificationDeliveries.status, row.status),
        eq(notificationDeliveries.attempts, row.attempts),
        lte(notificationDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  return claimed ?? null;
}

export async function updateDeliveries(db: DbOrTx, ids: string[], values: DeliveryUpdate): Promise<void> {
  await db.update(notificationDeliveries).set(values).where(inArray(notificationDeliveries.id, ids));
}

export async function updateDelivery(db: DbOrTx, id: string, values: DeliveryUpdate): Promise<void> {
  await db.update(notificationDeliveries).set(values).where(eq(notificationDeliveries.id, id));
}

/** Deliveries due by `now` (pending, failed or left claimed), digests aside, the longest waiting first. */
export function dueDeliveries(db: DbOrTx, now: Date, options: { orgId?: string; limit: number }) {
  const conditions: SQL[] = [
    inArray(notificationDeliveries.status, ['pending', 'failed', 'sending']),
    lte(notificationDeliveries.nextAttemptAt, now),
    ne(notificationDeliveries.channel, 'digest'),
  ];
  if (options.orgId) conditions.push(eq(notificationDeliveries.organizationId, options.orgId));
  return db
    .select()
    .from(notificationDeliveries)
    .where(and(...conditions))
    .orderBy(asc(notificationDeliveries.nextAttemptAt))
    .limit(options.limit);
}

/** The organization's digest deliveries still pending. */
export function pendingDigestDeliveries(db: DbOrTx, orgId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.organizationId, orgId),
        eq(notificationDeliveries.channel, 'digest'),
        eq(notificationDeliveries.status, 'pending'),
      ),
    );
}

/** Claims the pending ones among `ids` for one digest; answers those this process got. */
export function claimDigestDeliveries(db: DbOrTx, ids: string[]): Promise<DeliveryRow[]> {
  return db
    .update(notificationDeliveries)
    .set({ status: 'sending', attempts: 1 })
    .where(and(inArray(notificationDeliveries.id, ids), eq(notificationDeliveries.status, 'pending')))
    .returning();
}
