import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreference } from '@common/contracts/notification-settings';
import { apiGet } from '@/lib/api-client';
import { notificationSettingsKeys } from './keys';

/** GET /api/settings/notifications/me — how the signed-in member gets alert e-mails. */
export function getMyPreference(): Promise<NotificationPreference> {
  return apiGet<NotificationPreference>('/api/settings/notifications/me');
}

export const myPreferenceQuery = () =>
  queryOptions({ queryKey: notificationSettingsKeys.mine(), queryFn: getMyPreference });

export function useMyPreference() {
  return useQuery(myPreferenceQuery());
}
