import { QueryClient } from '@tanstack/react-query';

/** Retry delay doubling from 1 s up to 30 s (spec §7). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Spec §7: stale after 5 min, kept 10 min, 1 retry, no refetch on focus, no polling; mutations not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
