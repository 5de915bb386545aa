import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicensePool, UpdatePoolBody } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/licenses/{poolId} */
export function updatePool(input: { poolId: string; body: UpdatePoolBody }): Promise<LicensePool> {
  return apiRequest<LicensePool>('PATCH', `/api/licenses/${encodeURIComponent(input.poolId)}`, input.body);
}

export function useUpdatePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePool, onSuccess: () => invalidatePeopleAndLicenses(queryClient) });
}
