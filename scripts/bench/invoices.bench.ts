import { measureCorpus, report, summarize } from '../../server/modules/invoice-forwarding/fixtures/measure';
import type { BenchResult } from './harness';

/** Field accuracy of the invoice reader over the fixture corpus (issue 18), and its time per message. */
export async function invoicesBench(): Promise<BenchResult[]> {
  const results = await measureCorpus();
  const s = summarize(results);
  console.log(report(results));
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const row = (name: string, note: string): BenchResult => ({
    name,
    iterations: results.length,
    meanMs: s.meanMs,
    p50Ms: pick(0.5),
    p95Ms: pick(0.95),
    maxMs: s.maxMs,
    note,
  });
  return [
    row(
      `invoices: read ${results.length} messages (${s.invoices} invoices, ${s.negatives} negatives)`,
      `fields right ${s.right}/${s.total} (${(s.ratio * 100).toFixed(1)} %, target 95); negatives ${s.negativeKindsRight}/${s.negatives}`,
    ),
    ...[...s.byField].map(([field, t]) =>
      row(`invoices: ${field}`, `${t.right}/${t.total} (${((t.right / t.total) * 100).toFixed(1)} %)`),
    ),
  ];
}
