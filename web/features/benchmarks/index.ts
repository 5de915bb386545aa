// The benchmarks feature's public face: other features import only from here (eslint enforces it).
export { useRenewalBenchmarks } from './api/get-renewal-benchmarks';
export { BenchmarkCard } from './components/benchmark-card';
export { PeerSharingCard } from './components/peer-sharing-card';
export { VsBenchmark } from './components/vs-benchmark';
