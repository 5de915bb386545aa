import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@common/contracts/api-keys';
import { apiGet, apiRequest } from '@/lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** GET /api/api-keys — the organization's keys, revoked ones included (owners and admins). */
export const useApiKeys = (enabled: boolean) =>
  useQuery({ queryKey: apiKeyKeys.all, queryFn: () => apiGet<ApiKey[]>('/api/api-keys'), enabled });

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** POST /api/api-keys — the answer carries the secret, shown this once. */
export const useCreateApiKey = () =>
  useInvalidating((body: CreateApiKeyBody) => apiRequest<CreatedApiKey>('POST', '/api/api-keys', body));

/** DELETE /api/api-keys/{id} — revokes: the key stops working at once and stays listed. */
export const useRevokeApiKey = () =>
  useInvalidating((id: string) => apiRequest<void>('DELETE', `/api/api-keys/${encodeURIComponent(id)}`));
