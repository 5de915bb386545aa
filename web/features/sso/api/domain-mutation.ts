import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ssoKeys } from './keys';

/** A change to the domains: refreshes their list. */
export function useDomainMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.domains() }),
  });
}
