import { useMutation, useQueryClient } from '@tanstack/react-query';
import { analyticsKeys } from './keys';

/** A change to the saved views: refreshes their list. */
export function useViewMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.views() }),
  });
}
