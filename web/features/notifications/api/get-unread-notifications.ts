import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';
import type { AppNotification } from '@/lib/notifications/types';

/** GET /api/notifications/unread */
export function getUnreadNotifications(): Promise<AppNotification[]> {
  return apiGet<AppNotification[]>('/api/notifications/unread');
}

export const unreadNotificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.unread(), queryFn: getUnreadNotifications });

/** Fetched only while `enabled` (the sidebar bell passes "open", spec §2). */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQuery(), enabled });
}
