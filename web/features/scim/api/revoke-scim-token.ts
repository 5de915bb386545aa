import { apiRequest } from '@/lib/api-client';
import { scimKeys } from './keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** DELETE /api/scim/token — provisioning stops until a new token is made. */
export function useRevokeScimToken() {
  return useRefreshingMutation(
    () => apiRequest<void>('DELETE', '/api/scim/token'),
    (queryClient) => queryClient.invalidateQueries({ queryKey: scimKeys.token() }),
  );
}
