import type { SsoConnection, SsoConnectionBody } from '@common/contracts/sso';
import { apiRequest } from '@/lib/api-client';
import { ssoKeys } from './keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** PUT /api/sso — the whole connection; the client secret only when a new one is typed. */
export function useSaveSsoConnection() {
  return useRefreshingMutation(
    (body: SsoConnectionBody) => apiRequest<SsoConnection>('PUT', '/api/sso', body),
    (queryClient, data) => queryClient.setQueryData(ssoKeys.connection(), data),
  );
}
