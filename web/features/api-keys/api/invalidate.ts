import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from './keys';

/** A change to the keys: refreshes their list. */
export function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
