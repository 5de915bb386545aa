import { notArchived } from '../../db/live-applications';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DismissNotificationsBody } from '../../../common/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { applicationNames, subscriptionsOf } from '../subscriptions';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationFilter {
  status: 'active' | 'dismissed' | 'all';
  type?: string;
  priority?: string;
  limit: number;
}

/** Only notifications without an application, or whose application still exists (spec §2). */
type App = ReturnType<typeof subscriptionsOf<'app'>>;

/** `app`: the notification's application, left-joined by the query. */
function conditions(orgId: string, filter: Partial<NotificationFilter>, app: App): SQL | undefined {
  const visible = or(isNull(notifications.subscriptionId), and(isNotNull(app.id), notArchived(app)));
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

/** A notification as the bell, the page and the channels show it, with its application's name. */
function viewColumns<Name>(appName: Name) {
  return {
    id: notifications.id,
    type: notifications.type,
    title: notifications.title,
    message: notifications.message,
    priority: notifications.priority,
    subscriptionId: notifications.subscriptionId,
    subscriptionName: appName,
    actionUrl: notifications.actionUrl,
    actionText: notifications.actionText,
    createdAt: notifications.createdAt,
  };
}

export async function listNotifications(db: DbOrTx, orgId: string, filter: NotificationFilter) {
  const app = subscriptionsOf(orgId, 'app');
  return db
    .select({ ...viewColumns(app.name), dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .leftJoin(app, eq(app.id, notifications.subscriptionId))
    .where(conditions(orgId, filter, app))
    .orderBy(...MOST_URGENT_FIRST)
    .limit(filter.limit);
}

export async function countUnread(db: DbOrTx, orgId: string): Promise<number> {
  const app = subscriptionsOf(orgId, 'app');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(app, eq(app.id, notifications.subscriptionId))
    .where(conditions(orgId, { status: 'active' }, app));
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

/** Notifications as channels show them (with their application's name), by id across organizations. */
export async function loadNotificationViews(db: DbOrTx, ids: string[]) {
  const app = applicationNames();
  const query = db
    .select(viewColumns(app.name))
    .from(notifications)
    .leftJoin(
      app,
      and(eq(app.id, notifications.subscriptionId), eq(app.organizationId, notifications.organizationId)),
    )
    .where(inArray(notifications.id, ids));
  const rows = ids.length === 0 ? [] : await query;
  return new Map(rows.map((r) => [r.id, r]));
}
