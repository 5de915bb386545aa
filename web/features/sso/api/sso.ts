import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  SsoConnection,
  SsoConnectionBody,
  SsoDomain,
  ssoDomainVerifyResponse,
} from '@common/contracts/sso';
import { apiGet, apiRequest } from '@/lib/api-client';

export const ssoKeys = {
  connection: () => ['sso', 'connection'] as const,
  domains: () => ['sso', 'domains'] as const,
};

export type SsoDomainVerification = z.input<typeof ssoDomainVerifyResponse>;

/** GET /api/sso — the connection (defaults before the first save) and the values to give the IdP. */
export function useSsoConnection() {
  return useQuery({ queryKey: ssoKeys.connection(), queryFn: () => apiGet<SsoConnection>('/api/sso') });
}

/** PUT /api/sso — the whole connection; the client secret only when a new one is typed. */
export function useSaveSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConnectionBody) => apiRequest<SsoConnection>('PUT', '/api/sso', body),
    onSuccess: (data) => queryClient.setQueryData(ssoKeys.connection(), data),
  });
}

/** GET /api/sso/domains */
export function useSsoDomains() {
  return useQuery({ queryKey: ssoKeys.domains(), queryFn: () => apiGet<SsoDomain[]>('/api/sso/domains') });
}

function useDomainMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.domains() }),
  });
}

/** POST /api/sso/domains — answers the TXT record to add. */
export const useAddSsoDomain = () =>
  useDomainMutation((domain: string) => apiRequest<SsoDomain>('POST', '/api/sso/domains', { domain }));

/** POST /api/sso/domains/{id}/verify — looks the TXT record up now. */
export const useVerifySsoDomain = () =>
  useDomainMutation((id: string) =>
    apiRequest<SsoDomainVerification>('POST', `/api/sso/domains/${encodeURIComponent(id)}/verify`),
  );

/** DELETE /api/sso/domains/{id} */
export const useDeleteSsoDomain = () =>
  useDomainMutation((id: string) => apiRequest<void>('DELETE', `/api/sso/domains/${encodeURIComponent(id)}`));
