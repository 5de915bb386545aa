// Notifications as people see them: the bell's count, the page's list and the channels' views, each
// with its application's name, hiding those of applications archived or deleted (spec §2).
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { subscriptionsOf } from '../subscriptions';
import { notificationsNeeds } from './needs';
import { notArchived } from '../../db/live-applications';

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
  const app = notificationsNeeds.use().applicationsOf(orgId, 'app');
  return db
    .select({ ...viewColumns(app.name), dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .leftJoin(app, eq(app.id, notifications.subscriptionId))
    .where(conditions(orgId, filter, app))
    .orderBy(...MOST_URGENT_FIRST)
    .limit(filter.limit);
}

export async function countUnread(db: DbOrTx, orgId: string): Promise<number> {
  const app = notificationsNeeds.use().applicationsOf(orgId, 'app');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .leftJoin(app, eq(app.id, notifications.subscriptionId))
    .where(conditions(orgId, { status: 'active' }, app));
  return row?.count ?? 0;
}

/** Notifications as channels show them (with their application's name), by id across organizations. */
export async function loadNotificationViews(db: DbOrTx, ids: string[]) {
  const app = notificationsNeeds.use().applicationNames();
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
