import type {
  Notification,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
} from '@common/contracts/notifications';

/** One notification as the API sends it. */
export type AppNotification = Notification;

export interface NotificationFilters {
  status: 'active' | 'dismissed';
  type?: (typeof NOTIFICATION_TYPES)[number];
  priority?: (typeof NOTIFICATION_PRIORITIES)[number];
}
