import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';

/** DELETE /api/api-keys/{id} — revokes: the key stops working at once and stays listed. */
export const useRevokeApiKey = () =>
  useInvalidating((id: string) => apiRequest<void>('DELETE', `/api/api-keys/${encodeURIComponent(id)}`));
