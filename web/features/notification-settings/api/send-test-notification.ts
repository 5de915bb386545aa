import type { TestChannel } from '@common/alerts';
import type { TestNotificationResult } from '@common/contracts/notification-settings';
import { notificationKeys } from '@/lib/notifications/keys';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** POST /api/settings/notifications/test — sends a test over one channel with the saved settings. */
export function sendTestNotification(channel: TestChannel): Promise<TestNotificationResult> {
  return apiRequest<TestNotificationResult>('POST', '/api/settings/notifications/test', { channel });
}

export function useSendTestNotification() {
  return useRefreshingMutation(sendTestNotification, (queryClient, _data, channel) => {
    if (channel === 'in-app') void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
