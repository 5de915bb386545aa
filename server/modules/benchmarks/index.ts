// The benchmarks module's public face: other modules import only from here (eslint enforces it).
export { getSubscriptionBenchmark } from './benchmarks.service';
export type { SubscriptionBenchmarkOut } from './benchmark-view';
export { aggregatePeerBenchmarks } from './aggregate.repo';
export { peerBenchmarksTask } from './aggregate.job';
export { loadOffersFile } from './offers.service';
