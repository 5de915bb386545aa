import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@common/contracts/api-keys';
import { apiGetOr } from '@/lib/api-client';
import { auditKeys } from './keys';

/**
 * The organization's API keys for the actor filter. Without API access (404 before the feature
 * ships, 403 on a plan without it) the filter offers members only.
 */
export const useApiKeyOptions = () =>
  useQuery({
    queryKey: auditKeys.apiKeys(),
    queryFn: () => apiGetOr<ApiKey[]>('/api/api-keys', []),
    retry: false,
    throwOnError: false,
  });
