import { performance } from 'node:perf_hooks';
import {
  catalogueSlug,
  descriptorRows,
  type DescriptorRow,
  organizationSlug,
  realDescriptorApps,
  score,
} from '../../server/modules/expenses/matching/descriptor-fixtures';
import { realDescriptorRows } from '../../server/modules/expenses/matching/real-descriptors';
import type { BenchResult } from './harness';

/**
 * Precision and recall of both matchers on the development fixture (tuned on) and on the held-out
 * real descriptors (never tuned on; first run in real-descriptors.ts), and their speed.
 */
export async function matchingBench(): Promise<BenchResult[]> {
  const corpora: Array<[string, readonly DescriptorRow[], (d: string) => string | null]> = [
    ['development fixture', descriptorRows, organizationSlug()],
    ['held-out real descriptors', realDescriptorRows, organizationSlug(realDescriptorApps)],
  ];
  return corpora.flatMap(([corpus, rows, organization]) =>
    (
      [
        ['catalogue matcher', catalogueSlug],
        ["organization's matcher", organization],
      ] as const
    ).map(([name, matcher]) => {
      const start = performance.now();
      const { precision, recall } = score(matcher, rows);
      const ms = performance.now() - start;
      const perRow = ms / rows.length;
      return {
        name: `matching: ${name} on ${corpus} (${rows.length} descriptors)`,
        iterations: rows.length,
        meanMs: perRow,
        p50Ms: perRow,
        p95Ms: perRow,
        maxMs: ms,
        note: `precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} % (target 97 / 97)`,
      };
    }),
  );
}
