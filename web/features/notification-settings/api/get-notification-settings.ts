import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@common/contracts/notification-settings';
import { apiGet } from '@/lib/api-client';
import { notificationSettingsKeys } from './keys';

/** GET /api/settings/notifications — the organization's alert rules and channels (owners and admins). */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiGet<NotificationSettings>('/api/settings/notifications');
}

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: notificationSettingsKeys.organization(), queryFn: getNotificationSettings });

export function useNotificationSettings(enabled = true) {
  return useQuery({ ...notificationSettingsQuery(), enabled });
}
