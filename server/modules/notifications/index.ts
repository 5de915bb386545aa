// The notifications module's public face: other modules import only from here (eslint enforces it).
export { notifyOnce } from './notifications.service';
export { countUnread, listNotifications, loadNotificationViews } from './notifications.repo';
export type { NotificationRow } from './notifications.repo';
export { notificationsNeeds, type NotificationsNeeds } from './needs';
