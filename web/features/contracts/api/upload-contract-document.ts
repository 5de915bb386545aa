import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDocument } from '@common/contracts/contracts';
import { throwIfNotOk } from '@/lib/api-client';
import { contractKeys } from './keys';

/** POST /api/contracts/{id}/documents as multipart/form-data (the server checks the real file type). */
export async function uploadContractDocument(contractId: string, file: File): Promise<ContractDocument> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(`/api/contracts/${encodeURIComponent(contractId)}/documents`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body,
  });
  await throwIfNotOk(res);
  return (await res.json()) as ContractDocument;
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
