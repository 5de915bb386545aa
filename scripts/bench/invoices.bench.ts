import { calibrate, calibrationTable } from '../../server/modules/invoice-forwarding/fixtures/calibration';
import { INVOICE_CORPORA } from '../../server/modules/invoice-forwarding/fixtures/corpora';
import { measureCorpus, report, summarize } from '../../server/modules/invoice-forwarding/fixtures/measure';
import type { BenchResult } from './harness';

const pct = (right: number, total: number) => (total ? `${((right / total) * 100).toFixed(1)} %` : '—');

/**
 * Field accuracy of the invoice reader per corpus (fixtures, real development, held-out sets; issue
 * 32): per-field figures, how many messages would book themselves and how many of those wrongly,
 * and the confidence calibration table. A further corpus is one more row in INVOICE_CORPORA.
 */
export async function invoicesBench(): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  for (const corpus of INVOICE_CORPORA) {
    const results = await measureCorpus(corpus.entries);
    const s = summarize(results);
    const { high } = calibrate(results);
    const tag = `${corpus.name}${corpus.heldOut ? ' (held out)' : ''}`;
    console.log(`\n== ${tag}`);
    console.log(report(results));
    console.log(`auto-booked ${s.autoBooked}/${results.length}, of which wrong ${s.wrongBookings}`);
    console.log('calibration:');
    console.log(calibrationTable(results));
    const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
    const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const row = (name: string, note: string): BenchResult => ({
      name: `invoices [${corpus.name}]: ${name}`,
      iterations: results.length,
      meanMs: s.meanMs,
      p50Ms: pick(0.5),
      p95Ms: pick(0.95),
      maxMs: s.maxMs,
      note,
    });
    rows.push(
      row(
        `read ${results.length} messages (${s.invoices} invoices, ${s.negatives} negatives)`,
        `fields right ${s.right}/${s.total} (${pct(s.right, s.total)}, target 95)${corpus.heldOut ? ', held out' : ''}; negatives ${s.negativeKindsRight}/${s.negatives}`,
      ),
      row(
        'automatic bookings',
        `${s.autoBooked}/${results.length} (${pct(s.autoBooked, results.length)}) would book, ${s.wrongBookings} wrong (target 0)`,
      ),
      row(
        'confidence ≥ 0.8',
        `${high.right}/${high.count} right (${pct(high.right, high.count)}, target 98)`,
      ),
      ...[...s.byField].map(([field, t]) => row(field, `${t.right}/${t.total} (${pct(t.right, t.total)})`)),
    );
  }
  return rows;
}
