import { useQuery } from '@tanstack/react-query';
import type { SsoConnection } from '@common/contracts/sso';
import { apiGet } from '@/lib/api-client';
import { ssoKeys } from './keys';

/** GET /api/sso — the connection (defaults before the first save) and the values to give the IdP. */
export function useSsoConnection() {
  return useQuery({ queryKey: ssoKeys.connection(), queryFn: () => apiGet<SsoConnection>('/api/sso') });
}
