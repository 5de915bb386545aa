import type { EmailMode } from '@common/alerts';
import type { NotificationPreference } from '@common/contracts/notification-settings';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { notificationSettingsKeys } from './keys';

/** PUT /api/settings/notifications/me */
export function updateMyPreference(emailMode: EmailMode): Promise<NotificationPreference> {
  return apiRequest<NotificationPreference>('PUT', '/api/settings/notifications/me', { emailMode });
}

export function useUpdateMyPreference() {
  return useRefreshingMutation(updateMyPreference, (queryClient, data) =>
    queryClient.setQueryData(notificationSettingsKeys.mine(), data),
  );
}
