import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenewalBenchmarks } from '@common/contracts/benchmarks';
import { apiGet } from '@/lib/api-client';
import { benchmarkKeys } from './keys';

/** GET /api/benchmarks/renewals?window=: the "vs benchmark" figures of every renewal in the window, at once. */
export function getRenewalBenchmarks(window: number): Promise<RenewalBenchmarks> {
  return apiGet<RenewalBenchmarks>(`/api/benchmarks/renewals?window=${window}`);
}

export const renewalBenchmarksQuery = (window: number) =>
  queryOptions({ queryKey: benchmarkKeys.renewals(window), queryFn: () => getRenewalBenchmarks(window) });

export function useRenewalBenchmarks(window: number) {
  return useQuery(renewalBenchmarksQuery(window));
}
