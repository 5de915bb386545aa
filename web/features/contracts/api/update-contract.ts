import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, UpdateContractInput } from '@common/contracts/contracts';
import { apiRequest } from '@/lib/api-client';
import { invalidateContracts } from './invalidate';

/** PATCH /api/contracts/{id} */
export function updateContract(id: string, input: UpdateContractInput): Promise<Contract> {
  return apiRequest<Contract>('PATCH', `/api/contracts/${encodeURIComponent(id)}`, input);
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateContractInput & { id: string }) => updateContract(id, input),
    onSuccess: () => invalidateContracts(queryClient),
  });
}
