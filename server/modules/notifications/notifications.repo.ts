import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DismissNotificationsBody } from '../../../common/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export async function dismissNotification(db: DbOrTx, orgId: string, id: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ dismissedAt: sql`coalesce(${notifications.dismissedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.organizationId, orgId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return row ?? null;
}

export async function dismissAll(db: DbOrTx, orgId: string, now: Date) {
  await db
    .update(notifications)
    .set({ dismissedAt: now })
    .where(and(eq(notifications.organizationId, orgId), isNull(notifications.dismissedAt)));
}

/** Dismisses the organization's active notifications among `ids`, or all of `type`; answers how many. */
export async function dismissMany(db: DbOrTx, orgId: string, which: DismissNotificationsBody, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ dismissedAt: now })
    .where(
      and(
        eq(notifications.organizationId, orgId),
        isNull(notifications.dismissedAt),
        which.ids ? inArray(notifications.id, which.ids) : undefined,
        which.type ? eq(notifications.type, which.type) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

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
