import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainEvents, handledEvents } from '../../db/schema';

/** How long handed-over events and their idempotency rows are kept (a retry never comes later). */
export const EVENT_RETENTION_DAYS = 30;

/** Deletes relayed events and idempotency rows past the retention. */
export async function pruneEvents(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  await db
    .delete(domainEvents)
    .where(and(isNotNull(domainEvents.dispatchedAt), lt(domainEvents.occurredAt, before)));
  await db.delete(handledEvents).where(lt(handledEvents.handledAt, before));
}
