import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDocument } from '@common/contracts/contracts';
import { uploadFile } from '@/lib/upload-file';
import { contractKeys } from './keys';

/** POST /api/contracts/{id}/documents as multipart/form-data (the server checks the real file type). */
export function uploadContractDocument(contractId: string, file: File): Promise<ContractDocument> {
  return uploadFile<ContractDocument>(`/api/contracts/${encodeURIComponent(contractId)}/documents`, file);
}

export function useUploadContractDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, file }: { contractId: string; file: File }) =>
      uploadContractDocument(contractId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

/** Where a document downloads from (the server sends it as an attachment). */
export const documentUrl = (contractId: string, documentId: string) =>
  `/api/contracts/${encodeURIComponent(contractId)}/documents/${encodeURIComponent(documentId)}`;
