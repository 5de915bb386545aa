import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionBenchmark } from '@common/contracts/benchmarks';
import { apiGet } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/** GET /api/benchmarks/{subscriptionId}: one application's list-price and peer benchmarks, and group offers. */
export function getSubscriptionBenchmark(subscriptionId: string): Promise<SubscriptionBenchmark> {
  return apiGet<SubscriptionBenchmark>(`/api/benchmarks/${encodeURIComponent(subscriptionId)}`);
}

export const subscriptionBenchmarkQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: benchmarkKeys.subscription(subscriptionId),
    queryFn: () => getSubscriptionBenchmark(subscriptionId),
  });

export function useSubscriptionBenchmark(subscriptionId: string) {
  return useQuery(subscriptionBenchmarkQuery(subscriptionId));
}
