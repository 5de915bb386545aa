import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScimTokenCreated, ScimTokenStatus } from '@common/contracts/scim';
import { apiGet, apiRequest } from '@/lib/api-client';

export const scimKeys = { token: () => ['scim', 'token'] as const };

/** GET /api/scim/token — whether the organization has a token, its prefix and the base URL. */
export const useScimToken = (enabled: boolean) =>
  useQuery({
    queryKey: scimKeys.token(),
    queryFn: () => apiGet<ScimTokenStatus>('/api/scim/token'),
    enabled,
  });

/** POST /api/scim/token — a new token (the secret only in this answer); the old one stops working. */
export function useRotateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ScimTokenCreated>('POST', '/api/scim/token'),
    onSuccess: ({ token: _secret, ...status }) => queryClient.setQueryData(scimKeys.token(), status),
  });
}

/** DELETE /api/scim/token — provisioning stops until a new token is made. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/scim/token'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.token() }),
  });
}
