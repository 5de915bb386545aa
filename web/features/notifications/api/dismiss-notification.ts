import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '@/components/ui/toast-error';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';

/** POST /api/notifications/{id}/dismiss — 204. */
export function dismissNotification(id: string): Promise<void> {
  return apiRequest('POST', `/api/notifications/${encodeURIComponent(id)}/dismiss`);
}

/** Dismisses on the server, then refreshes the notification lists, unread items and count (spec §7). */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => toastError('Could not dismiss', error),
  });
}
