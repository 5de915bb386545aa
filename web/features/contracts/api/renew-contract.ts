import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@common/contracts/contracts';
import { apiRequest } from '@/lib/api-client';
import { invalidateContracts } from './invalidate';

/** POST /api/contracts/{id}/renew — creates the successor; the old contract becomes renewed. */
export function renewContract(id: string): Promise<Contract> {
  return apiRequest<Contract>('POST', `/api/contracts/${encodeURIComponent(id)}/renew`, {});
}

export function useRenewContract() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renewContract, onSuccess: () => invalidateContracts(queryClient) });
}
