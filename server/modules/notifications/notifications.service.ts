import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

/** A notification as stored (notifyOnce answers one). */
export type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'dismissedAt'>;

/**
 * Creates a notification unless one with the same dedupe key exists for the organization, so a
 * reminder is sent once even across restarts and processes. Answers the new row, or null.
 */
export async function notifyOnce(db: DbOrTx, values: NewNotification, createdAt?: Date) {
  const [row] = await db
    .insert(notifications)
    .values({ ...values, ...(createdAt ? { createdAt } : {}) })
    .onConflictDoNothing({ target: [notifications.organizationId, notifications.dedupeKey] })
    .returning();
  return row ?? null;
}
