import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScimTokenCreated } from '@common/contracts/scim';
import { apiRequest } from '@/lib/api-client';
import { scimKeys } from './keys';

/** POST /api/scim/token — a new token (the secret only in this answer); the old one stops working. */
export function useRotateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ScimTokenCreated>('POST', '/api/scim/token'),
    onSuccess: ({ token: _secret, ...status }) => queryClient.setQueryData(scimKeys.token(), status),
  });
}
