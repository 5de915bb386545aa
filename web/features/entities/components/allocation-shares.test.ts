import { describe, expect, it } from 'vitest';
import { evenPercents, percentToBp, sharesProblem, totalBp, type ShareRow } from './allocation-shares';

const row = (percent: string, entityId = 'e1', brandId = `b-${percent}`, key = 0): ShareRow => ({
  key,
  entityId,
  brandId,
  percent,
});

describe('allocation shares', () => {
  it('reads percentages with up to two decimals, a comma or a point', () => {
    expect(percentToBp('60')).toBe(6000);
    expect(percentToBp('33.33')).toBe(3333);
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp('0')).toBeNull();
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
  });

  it('splits 100 % evenly with the odd hundredths first', () => {
    expect(evenPercents(1)).toEqual(['100']);
    expect(evenPercents(3)).toEqual(['33.34', '33.33', '33.33']);
    expect(
      evenPercents(7)
        .map((p) => percentToBp(p)!)
        .reduce((a, b) => a + b),
    ).toBe(10_000);
  });

  it('saves only rows that are complete, distinct and add up to exactly 100 %', () => {
    expect(totalBp([row('33.34'), row('33.33', 'e1', 'x'), row('33.33', 'e1', 'y')])).toBe(10_000);
    expect(sharesProblem([row('60'), row('40')])).toBeNull();
    expect(sharesProblem([row('60'), row('30')])).toBe('Shares must add up to 100 % (they add up to 90 %)');
    expect(sharesProblem([row('60', 'e1', 'b'), row('40', 'e1', 'b')])).toBe(
      'Each entity and brand pair may appear once',
    );
    expect(sharesProblem([row('100', '')])).toBe('Choose an entity and a brand on every row');
    expect(sharesProblem([])).toBe('Add at least one share');
  });
});
