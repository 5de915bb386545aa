export type NotificationPriority = 'high' | 'medium' | 'low';

/** One notification as the API sends it. */
export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  priority: NotificationPriority | string;
  subscriptionId: string | null;
  subscriptionName: string | null;
  createdAt: string;
  actionUrl: string | null;
  actionText: string | null;
  dismissedAt: string | null;
}

export interface NotificationFilters {
  status: 'active' | 'dismissed';
  type?: string;
  priority?: string;
}
