// The application's benchmarks as GET /api/benchmarks/{id} answers them (their plan gates included).
import type { Benchmark as SubscriptionBenchmark } from './pack-types';
import type { RequestContext, ServiceDeps } from '../../types';
import type { SubscriptionRow } from '../subscriptions';

export async function benchmarkOf(
  _deps: ServiceDeps,
  _ctx: RequestContext,
  sub: SubscriptionRow,
): Promise<SubscriptionBenchmark> {
  // Until the benchmarks module lands: no figures, the pack falls back to the application's price.
  return {
    subscriptionId: sub.id,
    name: sub.name,
    catalogSlug: sub.catalogSlug,
    prices: [],
    selected: false,
    offers: [],
  };
}
