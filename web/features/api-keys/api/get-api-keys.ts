import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@common/contracts/api-keys';
import { apiGet } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

/** GET /api/api-keys — the organization's keys, revoked ones included (owners and admins). */
export const useApiKeys = (enabled: boolean) =>
  useQuery({ queryKey: apiKeyKeys.all, queryFn: () => apiGet<ApiKey[]>('/api/api-keys'), enabled });
