// The pack as the server builds it (instants as Dates; the route's schema writes them out).
import type { z } from 'zod';
import type {
  negotiationPackResponse,
  subscriptionBenchmarkResponse,
} from '../../../common/contracts/benchmarks';

export type Pack = z.output<typeof negotiationPackResponse>;
export type Benchmark = z.output<typeof subscriptionBenchmarkResponse>;
