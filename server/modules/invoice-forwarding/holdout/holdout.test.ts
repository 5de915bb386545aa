// The held-out invoices (holdout-fixtures.ts): the reading, tuned on fixtures/, must generalise.
import { describe, expect, it } from 'vitest';
import { readInboundMessage } from '../extract';
import { scoreFields } from '../fixtures/corpus';
import { holdout } from './holdout-fixtures';

describe('invoice reading on held-out invoices', () => {
  it('reads at least 95 % of the fields right and tells a newsletter from an invoice', async () => {
    let right = 0;
    let total = 0;
    const misses: string[] = [];
    for (const entry of holdout) {
      const result = await readInboundMessage(await entry.build());
      if (!entry.fields) {
        expect(result.kind, entry.id).toBe(entry.kind);
        continue;
      }
      expect(['invoice', 'receipt'], entry.id).toContain(result.kind);
      for (const { field, ok } of scoreFields(entry.fields, result.fields)) {
        total += 1;
        if (ok) right += 1;
        else {
          const key = field === 'vendor' ? 'catalogSlug' : field;
          misses.push(`${entry.id}.${field}: got ${JSON.stringify(result.fields[key])}`);
        }
      }
    }
    const accuracy = right / total;
    if (accuracy < 0.95) console.log(misses.join('\n'));
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
