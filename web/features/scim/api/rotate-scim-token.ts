import type { ScimTokenCreated } from '@common/contracts/scim';
import { apiRequest } from '@/lib/api-client';
import { scimKeys } from './keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** POST /api/scim/token — a new token (the secret only in this answer); the old one stops working. */
export function useRotateScimToken() {
  return useRefreshingMutation(
    () => apiRequest<ScimTokenCreated>('POST', '/api/scim/token'),
    (queryClient, { token: _secret, ...status }) => queryClient.setQueryData(scimKeys.token(), status),
  );
}
