import { useQuery } from '@tanstack/react-query';
import type { BenchmarkSettings } from '@common/contracts/benchmarks';
import { apiGet } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/** GET /api/benchmarks/settings: whether the organization shares its prices with (and sees) peer benchmarks. */
export function getBenchmarkSettings(): Promise<BenchmarkSettings> {
  return apiGet<BenchmarkSettings>('/api/benchmarks/settings');
}

export function useBenchmarkSettings() {
  return useQuery({ queryKey: benchmarkKeys.settings(), queryFn: getBenchmarkSettings });
}
