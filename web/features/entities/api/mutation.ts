import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '@/lib/entities/keys';

/**
 * Entities, brands, their counts and every allocation naming them change together (a delete with
 * reassignment moves allocations), so every write refreshes the whole feature.
 */
export function useEntitiesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all }),
  });
}

export const withReassign = (url: string, reassignTo?: string) =>
  reassignTo ? `${url}?reassignTo=${encodeURIComponent(reassignTo)}` : url;
