import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailMode } from '@common/alerts';
import type { NotificationPreference } from '@common/contracts/notification-settings';
import { apiRequest } from '@/lib/api-client';
import { notificationSettingsKeys } from './keys';

/** PUT /api/settings/notifications/me */
export function updateMyPreference(emailMode: EmailMode): Promise<NotificationPreference> {
  return apiRequest<NotificationPreference>('PUT', '/api/settings/notifications/me', { emailMode });
}

export function useUpdateMyPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyPreference,
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsKeys.mine(), data),
  });
}
