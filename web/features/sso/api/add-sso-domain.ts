import type { SsoDomain } from '@common/contracts/sso';
import { apiRequest } from '@/lib/api-client';
import { useDomainMutation } from './domain-mutation';

/** POST /api/sso/domains — answers the TXT record to add. */
export const useAddSsoDomain = () =>
  useDomainMutation((domain: string) => apiRequest<SsoDomain>('POST', '/api/sso/domains', { domain }));
