import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scimKeys } from './keys';

/** DELETE /api/scim/token — provisioning stops until a new token is made. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/scim/token'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.token() }),
  });
}
