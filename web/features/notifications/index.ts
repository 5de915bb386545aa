// The notifications feature's public face: other features import only from here (eslint enforces it).
import { lazy } from 'react';
export { NotificationsPopover } from './components/notifications-popover';
// The expanded sidebar's bell (the sidebar starts collapsed): loaded when first shown.
export const SidebarNotificationBell = lazy(() =>
  import('./components/sidebar-notification-bell').then((m) => ({ default: m.SidebarNotificationBell })),
);
