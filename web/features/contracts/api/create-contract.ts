import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractInput } from '@common/contracts/contracts';
import { apiRequest } from '@/lib/api-client';
import { invalidateContracts } from './invalidate';

/** POST /api/subscriptions/{id}/contracts */
export function createContract(subscriptionId: string, input: ContractInput): Promise<Contract> {
  return apiRequest<Contract>(
    'POST',
    `/api/subscriptions/${encodeURIComponent(subscriptionId)}/contracts`,
    input,
  );
}

export function useCreateContract(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractInput) => createContract(subscriptionId, input),
    onSuccess: () => invalidateContracts(queryClient),
  });
}
