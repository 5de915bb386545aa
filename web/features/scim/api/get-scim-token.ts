import { useQuery } from '@tanstack/react-query';
import type { ScimTokenStatus } from '@common/contracts/scim';
import { apiGet } from '@/lib/api-client';
import { scimKeys } from './keys';

/** GET /api/scim/token — whether the organization has a token, its prefix and the base URL. */
export const useScimToken = (enabled: boolean) =>
  useQuery({
    queryKey: scimKeys.token(),
    queryFn: () => apiGet<ScimTokenStatus>('/api/scim/token'),
    enabled,
  });
