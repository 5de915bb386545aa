import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateContracts } from './invalidate';

/** DELETE /api/contracts/{id} — with its documents. */
export function deleteContract(id: string): Promise<void> {
  return apiRequest('DELETE', `/api/contracts/${encodeURIComponent(id)}`);
}

export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContract, onSuccess: () => invalidateContracts(queryClient) });
}
