import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/{id}/restore */
export function restoreSubscription(id: string): Promise<Subscription> {
  return apiRequest<Subscription>('POST', `/api/subscriptions/${encodeURIComponent(id)}/restore`);
}

export function useRestoreSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSubscription,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
