import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds, brings the cached data it changed up to date (invalidates or
 * sets queries). `refresh` may return a promise: the mutation stays pending until it settles.
 */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data, variables) => refresh(queryClient, data, variables) });
}
