import { describe, expect, it } from 'vitest';
import { allocatedPartMinor, splitMinor } from './allocation';

describe('splitMinor', () => {
  it('splits by weights with the largest remainder: the parts add up to the total', () => {
    expect(splitMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitMinor(-100, [6_000, 4_000])).toEqual([-60, -40]);
  });
});

describe('allocatedPartMinor', () => {
  const shares = [
    { entityId: 'e2', brandId: 'b3', basisPoints: 3_334 },
    { entityId: 'e1', brandId: 'b1', basisPoints: 3_333 },
    { entityId: 'e1', brandId: 'b2', basisPoints: 3_333 },
  ];

  it('gives each entity and each brand its part, the parts adding up to the whole to the cent', () => {
    for (const total of [1, 2, 10_001, 1_234_567, -999]) {
      const byEntity = ['e1', 'e2'].map((entityId) => allocatedPartMinor(total, shares, { entityId }));
      const byBrand = ['b1', 'b2', 'b3'].map((brandId) => allocatedPartMinor(total, shares, { brandId }));
      expect(byEntity.reduce((a, b) => a + b, 0)).toBe(total);
      expect(byBrand.reduce((a, b) => a + b, 0)).toBe(total);
    }
    // One cent split three ways: rounding each share on its own would give 0 three times.
    expect(['b1', 'b2', 'b3'].map((brandId) => allocatedPartMinor(1, shares, { brandId }))).toEqual([
      0, 0, 1,
    ]);
  });

  it('is the whole without a filter, and the defaults get it all when nothing was saved', () => {
    expect(allocatedPartMinor(500, shares, {})).toBe(500);
    expect(allocatedPartMinor(500, [], { brandId: 'b1' }, true)).toBe(500);
    expect(allocatedPartMinor(500, [], { brandId: 'b1' })).toBe(0);
    expect(allocatedPartMinor(500, shares, { entityId: 'e1', brandId: 'b3' })).toBe(0);
  });
});
