import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contractKeys } from './keys';

/** DELETE /api/contracts/{id}/documents/{documentId} */
export function deleteContractDocument(contractId: string, documentId: string): Promise<void> {
  return apiRequest(
    'DELETE',
    `/api/contracts/${encodeURIComponent(contractId)}/documents/${encodeURIComponent(documentId)}`,
  );
}

export function useDeleteContractDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, documentId }: { contractId: string; documentId: string }) =>
      deleteContractDocument(contractId, documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
