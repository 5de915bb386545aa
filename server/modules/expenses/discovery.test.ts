import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../../common/dates';
import { detectRecurring, type Charge } from './discovery';

const TODAY = '2026-12-20';
const monthly = (amounts: number[], start = '2026-01-03', jitter = [0, 2, -1, 3, 0, 1]) =>
  amounts.map((amountMinor, i) => ({
    date: addDays(addMonths(start, i), jitter[i % jitter.length]),
    amountMinor,
    currency: 'USD',
  }));

describe('detectRecurring on a synthetic year of charges', () => {
  it('finds a monthly charge with posting jitter and proposes the latest amount', () => {
    const charges = monthly([4900, 4900, 4900, 4900, 4900, 4900, 4900, 4900, 4900, 4900, 4900, 5400]);
    expect(detectRecurring(charges, TODAY)).toEqual({
      cycle: 'monthly',
      amountMinor: 5400,
      currency: 'USD',
      occurrences: 12,
      firstDate: '2026-01-03',
      lastDate: '2026-12-04',
      totalMinor: 4900 * 11 + 5400,
    });
  });

  it('finds weekly, quarterly and annual charges', () => {
    const weekly = Array.from({ length: 10 }, (_, i) => ({
      date: addDays('2026-10-15', 7 * i),
      amountMinor: 1500,
      currency: 'USD',
    }));
    expect(detectRecurring(weekly, TODAY)?.cycle).toBe('weekly');
    const quarterly = [0, 3, 6, 9].map((m) => ({
      date: addMonths('2026-01-15', m),
      amountMinor: 30000,
      currency: 'EUR',
    }));
    expect(detectRecurring(quarterly, TODAY)).toMatchObject({
      cycle: 'quarterly',
      currency: 'EUR',
      occurrences: 4,
    });
    const annual = [
      { date: '2025-03-01', amountMinor: 120000, currency: 'USD' },
      { date: '2026-03-02', amountMinor: 126000, currency: 'USD' },
    ];
    expect(detectRecurring(annual, TODAY)).toMatchObject({
      cycle: 'annual',
      amountMinor: 126000,
      occurrences: 2,
    });
  });

  it('accepts two occurrences, a skipped month and one outlier amount', () => {
    expect(detectRecurring(monthly([2000, 2000], '2026-10-10'), TODAY)?.cycle).toBe('monthly');
    const skipped = monthly([2000, 2000, 2000, 2000, 2000]).filter((_, i) => i !== 2);
    expect(
      detectRecurring([...skipped, ...monthly([2000, 2000, 2000, 2000, 2000, 2000], '2026-06-03')], TODAY)
        ?.cycle,
    ).toBe('monthly');
    expect(
      detectRecurring(
        monthly([2000, 2000, 9000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000]),
        TODAY,
      )?.cycle,
    ).toBe('monthly');
  });

  it('rejects irregular intervals, amounts that vary beyond ±15%, single charges and stopped charges', () => {
    const irregular: Charge[] = ['2026-01-05', '2026-01-19', '2026-03-30', '2026-04-02', '2026-08-11'].map(
      (date) => ({ date, amountMinor: 1000, currency: 'USD' }),
    );
    expect(detectRecurring(irregular, TODAY)).toBeNull();
    expect(detectRecurring(monthly([1000, 2500, 1200, 4000, 800, 3000]), TODAY)).toBeNull();
    expect(detectRecurring(monthly([1000]), TODAY)).toBeNull();
    expect(detectRecurring(monthly([1000, 1000, 1000], '2026-01-03'), TODAY)).toBeNull(); // last charge in March
  });

  it('ignores refunds and keeps to the most used currency', () => {
    const charges = [
      ...monthly([3000, 3000, 3000], '2026-10-01'),
      { date: '2026-11-15', amountMinor: -3000, currency: 'USD' },
      { date: '2026-11-16', amountMinor: 999, currency: 'EUR' },
    ];
    expect(detectRecurring(charges, TODAY)).toMatchObject({
      cycle: 'monthly',
      currency: 'USD',
      occurrences: 3,
    });
  });
});
