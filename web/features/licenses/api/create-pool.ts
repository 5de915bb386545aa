import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePoolBody, LicensePool } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** POST /api/licenses — a tier of an application; price and cycle default from the application. */
export function createPool(body: CreatePoolBody): Promise<LicensePool> {
  return apiRequest<LicensePool>('POST', '/api/licenses', body);
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPool, onSuccess: () => invalidatePeopleAndLicenses(queryClient) });
}
