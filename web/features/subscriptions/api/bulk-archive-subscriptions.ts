import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkResult } from '@common/contracts/subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/subscriptions/bulk-archive */
export function bulkArchiveSubscriptions(ids: string[]): Promise<BulkResult> {
  return apiRequest<BulkResult>('POST', '/api/subscriptions/bulk-archive', { ids });
}

export function useBulkArchiveSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkArchiveSubscriptions,
    onSuccess: () => invalidateSubscriptions(queryClient),
  });
}
