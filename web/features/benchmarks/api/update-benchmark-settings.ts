import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BenchmarkSettings } from '@common/contracts/benchmarks';
import { apiRequest } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/** PATCH /api/benchmarks/settings (owners and admins). */
export function updateBenchmarkSettings(body: BenchmarkSettings): Promise<BenchmarkSettings> {
  return apiRequest<BenchmarkSettings>('PATCH', '/api/benchmarks/settings', body);
}

/** Opting out hides peer data too, so every benchmark is read again. */
export function useUpdateBenchmarkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBenchmarkSettings,
    onSuccess: (data) => queryClient.setQueryData(benchmarkKeys.settings(), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
  });
}
