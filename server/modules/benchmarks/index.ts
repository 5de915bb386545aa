// The benchmarks module's public face: other modules import only from here (eslint enforces it).
export { getSubscriptionBenchmark } from './benchmarks.service';
export type { SubscriptionBenchmarkOut } from './benchmark-view';
export { aggregatePeerBenchmarks, peerBenchmarksTask } from './aggregate';
export { loadOffersFile } from './offers.service';
