import { describe, expect, it } from 'vitest';
import { moverChange } from './movers';

describe('moverChange', () => {
  it('calls an application with no spend in the comparison window new, not +1063.6 %', () => {
    const tableau = moverChange(0, 2_140_000);
    expect(tableau).toEqual({ kind: 'new', changeMinor: 2_140_000, changePercent: null });
  });

  it('calls one with no spend in this window stopped', () => {
    expect(moverChange(50_000, 0)).toEqual({ kind: 'stopped', changeMinor: -50_000, changePercent: null });
  });

  it('gives a percent only when both windows have spend', () => {
    const change = moverChange(10_000, 25_000);
    expect(change).toEqual({ kind: 'change', changeMinor: 15_000, changePercent: 150 });
    expect(moverChange(10_000, 9_000).changePercent).toBe(-10);
  });
});
