import { useQuery } from '@tanstack/react-query';
import type { SsoDomain } from '@common/contracts/sso';
import { apiGet } from '@/lib/api-client';
import { ssoKeys } from './keys';

/** GET /api/sso/domains */
export function useSsoDomains() {
  return useQuery({ queryKey: ssoKeys.domains(), queryFn: () => apiGet<SsoDomain[]>('/api/sso/domains') });
}
