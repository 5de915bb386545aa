import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { notificationSettingsKeys } from './keys';

/** POST /api/settings/notifications/webhook-secret — a new signing secret, shown once. */
export function rotateWebhookSecret(): Promise<{ webhookSecret: string; secretHint: string }> {
  return apiRequest('POST', '/api/settings/notifications/webhook-secret');
}

export function useRotateWebhookSecret() {
  return useRefreshingMutation(rotateWebhookSecret, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.organization() }),
  );
}
