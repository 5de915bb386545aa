import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandProfitabilityKeys } from './keys';

/** A change to revenue: refreshes every brand-profitability answer. */
export function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandProfitabilityKeys.all }),
  });
}
