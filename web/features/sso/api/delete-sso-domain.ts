import { apiRequest } from '@/lib/api-client';
import { useDomainMutation } from './domain-mutation';

/** DELETE /api/sso/domains/{id} */
export const useDeleteSsoDomain = () =>
  useDomainMutation((id: string) => apiRequest<void>('DELETE', `/api/sso/domains/${encodeURIComponent(id)}`));
