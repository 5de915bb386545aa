import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoConnection, SsoConnectionBody } from '@common/contracts/sso';
import { apiRequest } from '@/lib/api-client';
import { ssoKeys } from './keys';

/** PUT /api/sso — the whole connection; the client secret only when a new one is typed. */
export function useSaveSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConnectionBody) => apiRequest<SsoConnection>('PUT', '/api/sso', body),
    onSuccess: (data) => queryClient.setQueryData(ssoKeys.connection(), data),
  });
}
