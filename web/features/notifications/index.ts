// The notifications feature's public face: other features import only from here (eslint enforces it).
export { notificationKeys } from './api/keys';
export type { AppNotification } from './api/types';
export { NotificationsPopover } from './components/notifications-popover';
export { SidebarNotificationBell } from './components/sidebar-notification-bell';
