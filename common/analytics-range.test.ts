import { describe, expect, it } from 'vitest';
import {
  customRangeProblem,
  formatMonthRange,
  lastTwelveMonths,
  periodIndexByMonth,
  periodsOf,
  presetMatching,
  previousRange,
  resolvePreset,
} from './analytics-range';

describe('resolvePreset', () => {
  it.each([
    // The last months: the whole months before the current one, across Dec → Jan.
    ['last_12_months', '2026-01-15', 1, '2025-01-01', '2025-12-31'],
    ['last_24_months', '2026-01-15', 1, '2024-01-01', '2025-12-31'],
    // A fiscal year starting in April.
    ['this_fiscal_year', '2026-03-10', 4, '2025-04-01', '2026-03-31'],
    ['last_fiscal_year', '2026-03-10', 4, '2024-04-01', '2025-03-31'],
    ['this_quarter', '2026-03-10', 4, '2026-01-01', '2026-03-31'],
    ['last_quarter', '2026-04-02', 4, '2026-01-01', '2026-03-31'],
    // February ends on the 29th in a leap year.
    ['this_quarter', '2024-02-10', 12, '2023-12-01', '2024-02-29'],
    ['last_quarter', '2024-01-10', 1, '2023-10-01', '2023-12-31'],
  ] as const)(
    'resolves %s on %s (fiscal year from month %i)',
    (preset, today, fiscalYearStartMonth, from, to) => {
      expect(resolvePreset(preset, today, fiscalYearStartMonth)).toEqual({ from, to });
    },
  );

  it('has one "last 12 months": on 2 Dec 2026, Dec 2025 – Nov 2026, labelled so', () => {
    const window = lastTwelveMonths('2026-12-02');
    expect(window).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(resolvePreset('last_12_months', '2026-12-02', 4)).toEqual(window);
    expect(formatMonthRange(window)).toBe('Dec 2025 – Nov 2026');
    expect(formatMonthRange({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 2026');
    expect(formatMonthRange({ from: '2026-12-02', to: '2027-03-01' })).toBe('2 Dec 2026 – 1 Mar 2027');
  });
});

describe('presetMatching and customRangeProblem', () => {
  it("recognises a preset's dates; anything else is custom", () => {
    expect(presetMatching({ from: '2026-01-01', to: '2026-03-31' }, '2026-03-10', 1)).toBe('this_quarter');
    expect(presetMatching({ from: '2026-02-01', to: '2026-03-31' }, '2026-03-10', 1)).toBeNull();
  });

  it('wants whole months, in order, at most the maximum', () => {
    expect(customRangeProblem({ from: '2024-02-01', to: '2024-02-29' }, 60)).toBeNull();
    expect(customRangeProblem({ from: '2024-02-02', to: '2024-02-29' }, 60)).toMatch(/first day/);
    expect(customRangeProblem({ from: '2023-02-01', to: '2023-02-27' }, 60)).toMatch(/last day/);
    expect(customRangeProblem({ from: '2024-03-01', to: '2024-02-29' }, 60)).toMatch(/after/);
    expect(customRangeProblem({ from: '2020-01-01', to: '2025-01-31' }, 60)).toMatch(/at most 60/);
  });

  it('gives the equal-length period before', () => {
    expect(previousRange({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(previousRange({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });
});

describe('periodsOf', () => {
  it('buckets months, fiscal quarters and fiscal years named by the year they end in', () => {
    const range = { from: '2025-12-01', to: '2026-05-31' };
    expect(periodsOf(range, 'month', 4).map((p) => p.label)).toEqual([
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
    ]);
    expect(periodsOf(range, 'quarter', 4).map((p) => [p.key, p.label, p.start, p.end])).toEqual([
      ['2026-Q3', 'FY2026 Q3', '2025-12-01', '2025-12-31'],
      ['2026-Q4', 'FY2026 Q4', '2026-01-01', '2026-03-31'],
      ['2027-Q1', 'FY2027 Q1', '2026-04-01', '2026-05-31'],
    ]);
    expect(periodsOf(range, 'year', 1).map((p) => [p.key, p.label])).toEqual([
      ['FY2025', '2025'],
      ['FY2026', '2026'],
    ]);
    expect(periodsOf(range, 'quarter', 1).map((p) => p.label)).toEqual(['Q4 2025', 'Q1 2026', 'Q2 2026']);
  });

  it('maps each month to its period', () => {
    const periods = periodsOf({ from: '2026-01-01', to: '2026-06-30' }, 'quarter', 1);
    const index = periodIndexByMonth(periods);
    expect([index.get('2026-01'), index.get('2026-03'), index.get('2026-04'), index.get('2026-06')]).toEqual([
      0, 0, 1, 1,
    ]);
  });
});
