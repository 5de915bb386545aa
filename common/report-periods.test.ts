import { describe, expect, it } from 'vitest';
import {
  describeFrequency,
  fiscalQuarterOf,
  isDueOn,
  isoWeekKey,
  lastRunOn,
  nextRunOn,
  reportPeriod,
  type ScheduleTiming,
} from './report-periods';

const weekly = (dayOfWeek: number): ScheduleTiming => ({ frequency: 'weekly', dayOfWeek, dayOfMonth: null });
const monthly = (dayOfMonth: number): ScheduleTiming => ({
  frequency: 'monthly',
  dayOfWeek: null,
  dayOfMonth,
});
const quarterly = (dayOfMonth: number): ScheduleTiming => ({
  frequency: 'quarterly',
  dayOfWeek: null,
  dayOfMonth,
});

describe('report periods', () => {
  it('is due weekly on its ISO weekday only', () => {
    // Monday 30 November 2026.
    expect(isDueOn(weekly(1), '2026-11-30', 1)).toBe(true);
    expect(isDueOn(weekly(1), '2026-12-01', 1)).toBe(false);
    expect(isDueOn(weekly(7), '2026-12-06', 1)).toBe(true);
  });

  it('is due monthly on its day and quarterly on its day of a fiscal quarter’s first month', () => {
    expect(isDueOn(monthly(1), '2026-12-01', 1)).toBe(true);
    expect(isDueOn(monthly(1), '2026-12-02', 1)).toBe(false);
    expect(isDueOn(monthly(15), '2026-02-15', 1)).toBe(true);
    // Calendar quarters: January, April, July, October.
    expect(isDueOn(quarterly(5), '2026-10-05', 1)).toBe(true);
    expect(isDueOn(quarterly(5), '2026-11-05', 1)).toBe(false);
    // Fiscal year from July: quarters open in July, October, January, April; from February: Feb, May, Aug, Nov.
    expect(isDueOn(quarterly(5), '2027-01-05', 7)).toBe(true);
    expect(isDueOn(quarterly(5), '2026-11-05', 2)).toBe(true);
    expect(isDueOn(quarterly(5), '2026-10-05', 2)).toBe(false);
  });

  it('finds the next and the last run day', () => {
    expect(nextRunOn(weekly(1), '2026-11-27', 1)).toBe('2026-11-30');
    expect(nextRunOn(weekly(5), '2026-11-27', 1)).toBe('2026-11-27'); // due today
    expect(nextRunOn(monthly(1), '2026-11-27', 1)).toBe('2026-12-01');
    expect(nextRunOn(quarterly(1), '2026-11-27', 1)).toBe('2027-01-01');
    expect(nextRunOn(quarterly(10), '2026-11-27', 2)).toBe('2027-02-10');
    expect(lastRunOn(monthly(1), '2026-11-27', 1)).toBe('2026-11-01');
    expect(lastRunOn(weekly(1), '2026-11-27', 1)).toBe('2026-11-23');
    expect(lastRunOn(quarterly(1), '2026-11-27', 1)).toBe('2026-10-01');
    expect(nextRunOn({ frequency: 'weekly', dayOfWeek: null, dayOfMonth: null }, '2026-11-27', 1)).toBeNull();
  });

  it('keys ISO weeks by their week-year', () => {
    expect(isoWeekKey('2026-11-23')).toBe('2026-W48');
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53'); // a Friday: 2026 has 53 weeks
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
  });

  it.each([
    ['weekly', '2026-11-30', 1, '2026-W48', '2026-11-23', '2026-11-29'],
    // Sent on a Wednesday: still the previous full Monday–Sunday.
    ['weekly', '2026-12-02', 1, '2026-W48', '2026-11-23', '2026-11-29'],
    ['monthly', '2026-12-01', 1, '2026-11', '2026-11-01', '2026-11-30'],
    ['monthly', '2026-01-15', 1, '2025-12', '2025-12-01', '2025-12-31'],
    ['quarterly', '2026-10-01', 1, 'FY2026-Q3', '2026-07-01', '2026-09-30'],
    ['quarterly', '2026-01-05', 1, 'FY2025-Q4', '2025-10-01', '2025-12-31'],
    // Fiscal year July–June, named by the year it ends in: sent in October 2026, it covers FY2027 Q1.
    ['quarterly', '2026-10-01', 7, 'FY2027-Q1', '2026-07-01', '2026-09-30'],
  ] as const)(
    'covers the %s period that just ended, sent on %s (fiscal year from month %i)',
    (frequency, today, fiscalYearStartMonth, key, from, to) => {
      expect(reportPeriod(frequency, today, fiscalYearStartMonth)).toEqual({ key, from, to });
    },
  );

  it('names the fiscal quarter a date falls in', () => {
    expect(fiscalQuarterOf('2027-06-30', 7)).toEqual({
      key: 'FY2027-Q4',
      from: '2027-04-01',
      to: '2027-06-30',
    });
  });

  it('says the frequency in words', () => {
    expect(describeFrequency(weekly(1))).toBe('Every Monday');
    expect(describeFrequency(weekly(7))).toBe('Every Sunday');
    expect(describeFrequency(monthly(1))).toBe('Monthly on day 1');
    expect(describeFrequency(quarterly(5))).toBe('Quarterly on day 5');
  });
});
