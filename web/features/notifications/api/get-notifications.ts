import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';
import type { AppNotification, NotificationFilters } from '@/lib/notifications/types';

/** GET /api/notifications?status=&type=&priority= */
export function getNotifications(filters: NotificationFilters): Promise<AppNotification[]> {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.type) params.set('type', filters.type);
  if (filters.priority) params.set('priority', filters.priority);
  return apiGet<AppNotification[]>(`/api/notifications?${params}`);
}

export const notificationsQuery = (filters: NotificationFilters) =>
  queryOptions({ queryKey: notificationKeys.list(filters), queryFn: () => getNotifications(filters) });

export function useNotifications(filters: NotificationFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQuery(filters), enabled: options.enabled ?? true });
}
