// The notifications module's public face: other modules import only from here (eslint enforces it).
export { countUnread, listNotifications, loadNotificationViews, notifyOnce } from './notifications.repo';
export type { NotificationRow } from './notifications.repo';
