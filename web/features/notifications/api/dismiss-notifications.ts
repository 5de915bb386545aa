import type { DismissNotificationsBody } from '@common/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from '@/lib/notifications/keys';

/** POST /api/notifications/dismiss — the selected ids, or every active notification of a type. */
export function dismissNotifications(body: DismissNotificationsBody): Promise<{ dismissed: number }> {
  return apiRequest('POST', '/api/notifications/dismiss', body);
}

/** Dismisses in bulk, says how many, then refreshes the lists, unread items and count. */
export function useDismissNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotifications,
    onSuccess: ({ dismissed }) =>
      toast({ title: dismissed === 1 ? '1 notification dismissed' : `${dismissed} notifications dismissed` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => toastError('Could not dismiss', error),
  });
}
