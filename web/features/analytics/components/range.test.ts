import { describe, expect, it } from 'vitest';
import { compareRange, isWholeMonthRange, monthRange, resolvePreset } from './range';

describe('analytics ranges', () => {
  it('resolves presets in whole months, fiscal ones from the fiscal year start', () => {
    expect(resolvePreset('last_12_months', '2026-11-27', 1)).toEqual({
      from: '2025-12-01',
      to: '2026-11-30',
    });
    expect(resolvePreset('this_fiscal_year', '2026-03-10', 4)).toEqual({
      from: '2025-04-01',
      to: '2026-03-31',
    });
    expect(resolvePreset('last_fiscal_year', '2026-03-10', 4)).toEqual({
      from: '2024-04-01',
      to: '2025-03-31',
    });
    expect(resolvePreset('this_quarter', '2026-06-15', 4)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(resolvePreset('last_quarter', '2026-02-28', 1)).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
  });

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
