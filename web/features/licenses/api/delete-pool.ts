import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/licenses/{poolId} — the tier with its seats and their history. */
export function deletePool(poolId: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/licenses/${encodeURIComponent(poolId)}`);
}

export function useDeletePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePool, onSuccess: () => invalidatePeopleAndLicenses(queryClient) });
}
