import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BenchmarkSelection } from '@common/contracts/benchmarks';
import { apiRequest } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/**
 * PUT /api/benchmarks/selection: the whole set of Starter's benchmark tools. One more than the plan
 * allows answers 403 plan_limit, which the billing feature's provider turns into the upgrade dialog.
 */
export function updateBenchmarkSelection(subscriptionIds: string[]): Promise<BenchmarkSelection> {
  return apiRequest<BenchmarkSelection>('PUT', '/api/benchmarks/selection', { subscriptionIds });
}

/** A change decides which applications have figures, so every benchmark is read again. */
export function useUpdateBenchmarkSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBenchmarkSelection,
    onSuccess: (data) => queryClient.setQueryData(benchmarkKeys.selection(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
  });
}
