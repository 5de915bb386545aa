import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isStatus } from './api-client';

/** Retry delay doubling from 1 s up to 30 s (spec §7). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

const USER_KEY = ['auth', 'user'];

/**
 * Spec §7: stale after 5 min, kept 10 min, 1 retry, no refetch on focus, no polling; mutations not
 * retried. A 401 from any call means the session ended: the user is cleared, so the route guards
 * send the visitor to sign in (and back afterwards).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isStatus(error, 401) && client.getQueryData(USER_KEY)) client.setQueryData(USER_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: 1,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
