import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DismissNotificationsBody } from '../../../common/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications, subscriptions } from '../../db/schema';

export interface NotificationFilter {
  status: 'active' | 'dismissed' | 'all';
  type?: string;
  priority?: string;
  limit: number;
}

/** Only notifications without an application, or whose application still exists (spec §2). */
const visible = or(
  isNull(notifications.subscriptionId),
  and(isNotNull(subscriptions.id), isNull(subscriptions.archivedAt)),
);

function conditions(orgId: string, filter: Partial<NotificationFilter>): SQL | undefined {
  return and(
    eq(notifications.organizationId, orgId),
    visible,
    filter.status === 'active' ? isNull(notifications.dismissedAt) : undefined,
    filter.status === 'dismissed' ? isNotNull(notifications.dismissedAt) : undefined,
    filter.type ? eq(notifications.type, filter.type) : undefined,
    filter.priority ? eq(notifications.priority, filter.priority) : undefined,
  );
}

/**
 * Priority (high, medium, then low and anything else), then the nearest deadline first (an alert
 * without one, a cost or budget alert, counts as due the day it was raised), then the newest.
 */
const MOST_URGENT_FIRST = [
  sql`case ${notifications.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
  sql`coalesce(${notifications.dueOn}, (${notifications.createdAt} at time zone 'UTC')::date)`,
  desc(notifications.createdAt),
  asc(notifications.id),
];

export async function listNotifications(db: DbOrTx, orgId: string, filter: NotificationFilter) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      priority: notifications.priority,
      subscriptionId: notifications.subscriptionId,
      subscriptionName: subscriptions.name,
      actionUrl: notifications.actionUrl,
      actionText: notifications.actionText,
      createdAt: notifications.createdAt,
      dismissedAt: notifications.dismissedAt,
    })
    .from(notifications)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.id, notifications.subscriptionId), eq(subscriptions.organizationId, orgId)),
    )
    .where(conditions(orgId, filter))
    .orderBy(...MOST_URGENT_FIRST)
    .limit(filter.limit);
}

export async function countUnread(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.id, notifications.subscriptionId), eq(subscriptions.organizationId, orgId)),
    )
    .where(conditions(orgId, { status: 'active' }));
  return row?.count ?? 0;
}

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
