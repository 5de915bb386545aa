import { apiRequest } from '@/lib/api-client';
import { useDomainMutation } from './domain-mutation';
import type { SsoDomainVerification } from './keys';

/** POST /api/sso/domains/{id}/verify — looks the TXT record up now. */
export const useVerifySsoDomain = () =>
  useDomainMutation((id: string) =>
    apiRequest<SsoDomainVerification>('POST', `/api/sso/domains/${encodeURIComponent(id)}/verify`),
  );
