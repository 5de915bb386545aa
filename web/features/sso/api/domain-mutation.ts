import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { ssoKeys } from './keys';

/** A change to the domains: refreshes their list. */
export function useDomainMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  return useRefreshingMutation(mutationFn, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: ssoKeys.domains() }),
  );
}
