import { describe, expect, it } from 'vitest';
import { compareRange, isWholeMonthRange, monthRange } from './range';

// Presets are tested with common/analytics-range.ts; these are the page's own helpers.
describe('analytics ranges', () => {
  it('compares with the months just before or a year back, leap years included', () => {
    const q1 = { from: '2024-01-01', to: '2024-03-31' };
    expect(compareRange(q1, 'previous')).toEqual({ from: '2023-10-01', to: '2023-12-31' });
    expect(compareRange({ from: '2024-02-01', to: '2024-02-29' }, 'last_year')).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
    });
    expect(monthRange('2026-01', '2026-02')).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(isWholeMonthRange('2026-01-01', '2026-02-28')).toBe(true);
    expect(isWholeMonthRange('2026-01-02', '2026-02-28')).toBe(false);
    expect(isWholeMonthRange('2026-03-01', '2026-02-28')).toBe(false);
  });
});
