import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { reportScheduleKeys } from './keys';

export function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  return useRefreshingMutation(fn, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  );
}
