import type { QueryClient } from '@tanstack/react-query';
import { renewalKeys } from '@/lib/renewals/keys';
import { contractKeys } from './keys';

/** Contracts move the application's renewal date, so renewals refresh with them. */
export function invalidateContracts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contractKeys.all }),
    queryClient.invalidateQueries({ queryKey: renewalKeys.all }),
  ]);
}
