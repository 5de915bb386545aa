import { useQuery } from '@tanstack/react-query';
import type { BenchmarkSelection } from '@common/contracts/benchmarks';
import { apiGet } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/** GET /api/benchmarks/selection: Starter's benchmark tools and how many it may have. */
export function getBenchmarkSelection(): Promise<BenchmarkSelection> {
  return apiGet<BenchmarkSelection>('/api/benchmarks/selection');
}

export function useBenchmarkSelection(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: benchmarkKeys.selection(),
    queryFn: getBenchmarkSelection,
    enabled: options.enabled ?? true,
  });
}
