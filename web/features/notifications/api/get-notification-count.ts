import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';

/** GET /api/notifications/count — unread notifications. */
export function getNotificationCount(): Promise<{ count: number }> {
  return apiGet<{ count: number }>('/api/notifications/count');
}

export const notificationCountQuery = () =>
  queryOptions({ queryKey: notificationKeys.count(), queryFn: getNotificationCount });

export function useNotificationCount() {
  return useQuery(notificationCountQuery());
}
