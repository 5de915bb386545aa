import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportScheduleKeys } from './keys';

export function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}
