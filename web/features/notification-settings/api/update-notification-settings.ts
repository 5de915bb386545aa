import type {
  NotificationSettings,
  UpdateNotificationSettingsInput,
} from '@common/contracts/notification-settings';
import { organizationKeys } from '@/lib/organizations/keys';
import { apiRequest } from '@/lib/api-client';
import { notificationSettingsKeys } from './keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** PUT /api/settings/notifications — answers the saved settings (with the webhook secret when it was just created). */
export function updateNotificationSettings(
  input: UpdateNotificationSettingsInput,
): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('PUT', '/api/settings/notifications', input);
}

export function useUpdateNotificationSettings() {
  return useRefreshingMutation(updateNotificationSettings, (queryClient, data) => {
    const { webhookSecret: _secret, ...withoutSecret } = data;
    queryClient.setQueryData(notificationSettingsKeys.organization(), withoutSecret);
    // The first save completes the "configure alerts" setup step.
    void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
  });
}
