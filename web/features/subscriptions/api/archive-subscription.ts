import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** DELETE /api/subscriptions/{id} archives (it can be restored). */
export function archiveSubscription(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/subscriptions/${encodeURIComponent(id)}`);
}

export function useArchiveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
