import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationSettingsKeys } from './keys';

/** POST /api/settings/notifications/webhook-secret — a new signing secret, shown once. */
export function rotateWebhookSecret(): Promise<{ webhookSecret: string; secretHint: string }> {
  return apiRequest('POST', '/api/settings/notifications/webhook-secret');
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.organization() }),
  });
}
