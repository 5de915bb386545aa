import type { CreateApiKeyBody, CreatedApiKey } from '@common/contracts/api-keys';
import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';

/** POST /api/api-keys — the answer carries the secret, shown this once. */
export const useCreateApiKey = () =>
  useInvalidating((body: CreateApiKeyBody) => apiRequest<CreatedApiKey>('POST', '/api/api-keys', body));
