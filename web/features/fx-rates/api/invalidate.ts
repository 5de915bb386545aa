import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Rates change every converted total (lists, dashboard, reports): everything is read again. */
export function useRatesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries() });
}
