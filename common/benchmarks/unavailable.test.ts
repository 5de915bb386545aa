import { describe, expect, it } from 'vitest';
import { LIST_UNAVAILABLE_REASONS } from '../contracts/benchmarks';
import { listUnavailableText } from './unavailable';

// The negotiation pack (screen, PDF, Markdown) says why a list price is not compared, in one sentence.
describe('list-unavailable sentences', () => {
  it('has a sentence for every reason', () => {
    for (const reason of LIST_UNAVAILABLE_REASONS)
      expect(listUnavailableText(reason).length).toBeGreaterThan(10);
  });

  it('names a stale list price as stale and not compared', () => {
    expect(listUnavailableText('stale_list_price')).toMatch(/^Stale list price .*12 months.*not compared$/);
  });
});
