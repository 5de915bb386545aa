import { performance } from 'node:perf_hooks';
import {
  catalogueSlug,
  descriptorRows,
  organizationSlug,
  score,
} from '../../server/modules/expenses/matching/descriptor-fixtures';
import type { BenchResult } from './harness';

/** Precision and recall of both matchers on the statement-descriptor fixture, and their speed. */
export async function matchingBench(): Promise<BenchResult[]> {
  return [
    ['catalogue matcher', catalogueSlug],
    ["organization's matcher", organizationSlug()],
  ].map(([name, matcher]) => {
    const start = performance.now();
    const { precision, recall } = score(matcher as (d: string) => string | null);
    const ms = performance.now() - start;
    const perRow = ms / descriptorRows.length;
    return {
      name: `matching: ${name as string} on ${descriptorRows.length} descriptors`,
      iterations: descriptorRows.length,
      meanMs: perRow,
      p50Ms: perRow,
      p95Ms: perRow,
      maxMs: ms,
      note: `precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} % (target 97 / 95)`,
    };
  });
}
