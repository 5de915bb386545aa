import { describe, expect, it } from 'vitest';
import { orderedIdSequence } from './ordered-ids';

describe('orderedIdSequence', () => {
  it('gives distinct, ascending, well-formed UUIDv7 ids', () => {
    const next = orderedIdSequence(new Date('2026-03-01T00:00:00Z'));
    const ids = Array.from({ length: 20_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 5))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0].slice(0, 13)).toBe('019ca6b1-dc00');
  });
});
