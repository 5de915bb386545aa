// The benchmarks feature's public face: the app layer imports only from here (eslint enforces it).
export { BenchmarkCard } from './components/benchmark-card';
export { PeerSharingCard } from './components/peer-sharing-card';
