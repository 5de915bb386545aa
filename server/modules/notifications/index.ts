// The notifications module's public face: other modules import only from here (eslint enforces it).
export { notifyOnce, type NotificationRow } from './notifications.repo';
export { countUnread, listNotifications, loadNotificationViews } from './notification-views.repo';
export { notificationsNeeds } from './needs';
