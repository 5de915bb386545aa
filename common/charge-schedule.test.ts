import { describe, expect, it } from 'vitest';
import { chargeDates, monthsBetween } from './charge-schedule';

describe('chargeDates', () => {
  it('walks monthly renewals backwards and forwards from the anchor', () => {
    const plan = { cycle: 'monthly' as const, anchorDate: '2026-05-15' };
    expect(chargeDates(plan, '2026-01-01', '2026-07-31')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
      '2026-06-15',
      '2026-07-15',
    ]);
  });

  it('keeps month-end anchors at month ends, from the start date', () => {
    const plan = { cycle: 'monthly' as const, anchorDate: '2026-02-28', startDate: '2026-01-31' };
    expect(chargeDates(plan, '2025-12-01', '2026-04-30')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('handles quarterly, annual, multi-year and weekly cycles', () => {
    expect(chargeDates({ cycle: 'quarterly', anchorDate: '2026-03-10' }, '2026-01-01', '2026-12-31')).toEqual(
      ['2026-03-10', '2026-06-10', '2026-09-10', '2026-12-10'],
    );
    expect(chargeDates({ cycle: 'annual', anchorDate: '2027-04-01' }, '2025-01-01', '2026-12-31')).toEqual([
      '2025-04-01',
      '2026-04-01',
    ]);
    expect(
      chargeDates(
        { cycle: 'multi-year', intervalMonths: 36, anchorDate: '2028-01-01' },
        '2020-01-01',
        '2030-01-01',
      ),
    ).toEqual(['2022-01-01', '2025-01-01', '2028-01-01']);
    expect(chargeDates({ cycle: 'weekly', anchorDate: '2026-01-07' }, '2026-01-01', '2026-01-31')).toEqual([
      '2026-01-07',
      '2026-01-14',
      '2026-01-21',
      '2026-01-28',
    ]);
  });

  it('charges nothing before the start date or from the end date on', () => {
    const plan = {
      cycle: 'monthly' as const,
      anchorDate: '2026-06-01',
      startDate: '2026-03-01',
      endDate: '2026-05-01',
    };
    expect(chargeDates(plan, '2026-01-01', '2026-12-31')).toEqual(['2026-03-01', '2026-04-01']);
    expect(chargeDates(plan, '2026-12-31', '2026-01-01')).toEqual([]);
  });
});

describe('monthsBetween', () => {
  it('lists the months of a range, across years', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
