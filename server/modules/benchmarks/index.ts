// The benchmarks module's public face: other modules import only from here (eslint enforces it).
export { getSubscriptionBenchmark } from './benchmarks.service';
export { aggregatePeerBenchmarks } from './aggregate.repo';
export { loadOffersFile } from './offers.service';
