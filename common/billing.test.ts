import { describe, expect, it } from 'vitest';
import {
  BILLING_CYCLES,
  annualisedMinor,
  cancelByDate,
  costPerCycleMinor,
  cycleMonths,
  isBillingCycle,
  monthlyEquivalentMinor,
  nextRenewalDate,
  renewalDateToStore,
  renewalUrgency,
  rollForward,
  type BillingCycle,
  type CycleCostInput,
  type NextRenewalInput,
  type PricingModel,
} from './billing';
import { addDays, daysBetween, daysUntil, endOfMonth } from './dates';

function* everyDay(from: string, to: string): Generator<string> {
  for (let day = from; day <= to; day = addDays(day, 1)) yield day;
}

describe('cycleMonths', () => {
  it.each<[BillingCycle, number | null | undefined, number | null]>([
    ['weekly', undefined, null],
    ['monthly', undefined, 1],
    ['quarterly', undefined, 3],
    ['semi-annual', undefined, 6],
    ['annual', undefined, 12],
    ['multi-year', undefined, 24],
    ['multi-year', null, 24],
    ['multi-year', 24, 24],
    ['multi-year', 36, 36],
    ['multi-year', 60, 60],
    ['monthly', 36, 1], // intervalMonths only applies to multi-year
    ['weekly', 36, null],
  ])('cycleMonths(%s, %s) = %s', (cycle, interval, expected) => {
    expect(cycleMonths(cycle, interval)).toBe(expected);
  });

  it.each([12, 18, 30, 0, -24, 24.5, Number.NaN])('rejects a multi-year term of %s months', (interval) => {
    expect(() => cycleMonths('multi-year', interval)).toThrow(RangeError);
  });

  it('rejects an unknown cycle', () => {
    expect(() => cycleMonths('daily' as BillingCycle)).toThrow(RangeError);
  });

  it('recognises exactly the billing cycles', () => {
    for (const cycle of BILLING_CYCLES) expect(isBillingCycle(cycle)).toBe(true);
    for (const value of ['yearly', 'Monthly', '', null, 12]) expect(isBillingCycle(value)).toBe(false);
  });
});

describe('costPerCycleMinor', () => {
  it.each<[CycleCostInput, number]>([
    [{ pricingModel: 'flat', amountMinor: 4900 }, 4900],
    [{ pricingModel: 'flat', amountMinor: 0 }, 0],
    [{ pricingModel: 'flat', amountMinor: 4900, seats: 10, unitPriceMinor: 100 }, 4900],
    [{ pricingModel: 'usage', amountMinor: 12345 }, 12345],
    [{ pricingModel: 'per-seat', seats: 25, unitPriceMinor: 1200 }, 30000],
    [{ pricingModel: 'per-seat', seats: 1, unitPriceMinor: 1599 }, 1599],
    [{ pricingModel: 'per-seat', seats: 0, unitPriceMinor: 1200 }, 0],
    [{ pricingModel: 'per-seat', seats: 250, unitPriceMinor: 0 }, 0],
    [{ pricingModel: 'per-seat', seats: 3, unitPriceMinor: 333, amountMinor: 5 }, 999],
  ])('costPerCycleMinor(%j) = %i', (input, expected) => expect(costPerCycleMinor(input)).toBe(expected));

  it.each<CycleCostInput>([
    { pricingModel: 'flat', amountMinor: -1 },
    { pricingModel: 'usage', amountMinor: -500 },
    { pricingModel: 'flat', amountMinor: 49.99 },
    { pricingModel: 'flat' },
    { pricingModel: 'flat', amountMinor: null },
    { pricingModel: 'per-seat', seats: -1, unitPriceMinor: 1200 },
    { pricingModel: 'per-seat', seats: 10, unitPriceMinor: -1200 },
    { pricingModel: 'per-seat', seats: 2.5, unitPriceMinor: 1200 },
    { pricingModel: 'per-seat', seats: 10 },
    { pricingModel: 'per-seat', amountMinor: 4900 },
    { pricingModel: 'per-seat', seats: 1e9, unitPriceMinor: 1e9 },
    { pricingModel: 'tiered' as PricingModel, amountMinor: 100 },
  ])('costPerCycleMinor(%j) throws', (input) => expect(() => costPerCycleMinor(input)).toThrow(RangeError));
});

describe('monthlyEquivalentMinor', () => {
  it.each<[number, BillingCycle, number | undefined, number]>([
    [1000, 'weekly', undefined, 4333], // 1000 × 52 / 12 = 4333.33
    [1500, 'weekly', undefined, 6500],
    [750, 'weekly', undefined, 3250],
    [2, 'weekly', undefined, 9], // 8.67
    [1, 'weekly', undefined, 4], // 4.33
    [4999, 'monthly', undefined, 4999],
    [10000, 'quarterly', undefined, 3333], // 3333.33
    [10001, 'quarterly', undefined, 3334], // 3333.67
    [20000, 'quarterly', undefined, 6667], // 6666.67
    [29997, 'quarterly', undefined, 9999],
    [2, 'quarterly', undefined, 1],
    [1, 'quarterly', undefined, 0],
    [1000, 'semi-annual', undefined, 167],
    [9, 'semi-annual', undefined, 2], // 1.5 rounds away from zero
    [3, 'semi-annual', undefined, 1], // 0.5
    [100000, 'annual', undefined, 8333],
    [6, 'annual', undefined, 1], // 0.5
    [30, 'annual', undefined, 3], // 2.5 → 3, not banker's 2
    [240000, 'multi-year', undefined, 10000], // default 24 months
    [12, 'multi-year', 24, 1], // 0.5
    [100000, 'multi-year', 36, 2778], // 2777.78
    [600000, 'multi-year', 60, 10000],
    [0, 'quarterly', undefined, 0],
    [-10001, 'quarterly', undefined, -3334], // credits round away from zero too
    [-6, 'annual', undefined, -1],
    [-1000, 'weekly', undefined, -4333],
  ])('monthlyEquivalentMinor(%i, %s, %s) = %i', (cost, cycle, interval, expected) => {
    expect(monthlyEquivalentMinor(cost, cycle, interval)).toBe(expected);
  });

  it('rejects non-integer costs and bad multi-year terms', () => {
    expect(() => monthlyEquivalentMinor(49.99, 'monthly')).toThrow(RangeError);
    expect(() => monthlyEquivalentMinor(100, 'multi-year', 18)).toThrow(RangeError);
  });
});

describe('annualisedMinor', () => {
  it.each<[number, BillingCycle, number | undefined, number]>([
    [1000, 'weekly', undefined, 52000],
    [1, 'weekly', undefined, 52],
    [4999, 'monthly', undefined, 59988],
    [10001, 'quarterly', undefined, 40004],
    [1000, 'semi-annual', undefined, 2000],
    [100000, 'annual', undefined, 100000],
    [240000, 'multi-year', undefined, 120000],
    [100000, 'multi-year', 36, 33333], // 33333.33
    [50, 'multi-year', 36, 17], // 16.67
    [6, 'multi-year', 36, 2],
    [2, 'multi-year', 48, 1], // 0.5
    [1, 'multi-year', 24, 1], // 0.5
    [-50, 'multi-year', 36, -17],
    [0, 'weekly', undefined, 0],
  ])('annualisedMinor(%i, %s, %s) = %i', (cost, cycle, interval, expected) => {
    expect(annualisedMinor(cost, cycle, interval)).toBe(expected);
  });

  it.each<[number, BillingCycle, number]>([
    [10001, 'quarterly', 40004], // monthly 3334 × 12 would be 40008
    [1000, 'weekly', 52000], // monthly 4333 × 12 would be 51996
    [100000, 'annual', 100000], // monthly 8333 × 12 would be 99996
  ])('computes %i %s from the cycle, without monthly rounding drift', (cost, cycle, expected) => {
    expect(annualisedMinor(cost, cycle)).toBe(expected);
    expect(monthlyEquivalentMinor(cost, cycle) * 12).not.toBe(expected);
  });

  it('rejects bad multi-year terms', () =>
    expect(() => annualisedMinor(100, 'multi-year', 30)).toThrow(RangeError));
});

describe('rollForward', () => {
  it.each<[string, BillingCycle, number | null | undefined, string, number | undefined, string, number]>([
    ['2024-03-15', 'monthly', undefined, '2024-03-01', undefined, '2024-03-15', 0],
    ['2024-03-15', 'monthly', undefined, '2024-03-15', undefined, '2024-03-15', 0],
    ['2024-03-15', 'monthly', undefined, '2024-03-16', undefined, '2024-04-15', 1],
    ['2023-01-31', 'monthly', null, '2024-03-01', undefined, '2024-03-31', 14],
    ['2024-02-29', 'monthly', undefined, '2024-03-01', undefined, '2024-03-29', 1],
    ['2024-02-29', 'monthly', undefined, '2024-03-01', 31, '2024-03-31', 1],
    ['2024-02-29', 'monthly', undefined, '2024-02-01', 31, '2024-02-29', 0], // no advance keeps the date
    ['2020-02-29', 'annual', undefined, '2024-02-29', undefined, '2024-02-29', 4],
    ['2020-02-29', 'annual', undefined, '2023-03-01', undefined, '2024-02-29', 4],
    ['2020-02-29', 'annual', undefined, '2021-03-01', undefined, '2022-02-28', 2],
    ['2024-01-01', 'weekly', undefined, '2024-03-01', undefined, '2024-03-04', 9],
    ['2024-01-01', 'weekly', undefined, '2024-03-04', undefined, '2024-03-04', 9],
    ['1990-01-01', 'weekly', undefined, '2024-01-01', undefined, '2024-01-01', 1774],
    ['2024-01-31', 'weekly', undefined, '2023-01-01', undefined, '2024-01-31', 0],
    ['2022-11-30', 'quarterly', undefined, '2024-11-20', undefined, '2024-11-30', 8],
    ['2024-06-30', 'semi-annual', undefined, '2024-06-29', undefined, '2024-06-30', 0],
    ['2024-08-31', 'semi-annual', undefined, '2025-03-01', undefined, '2025-08-31', 2],
    ['2018-06-30', 'multi-year', 36, '2024-07-01', undefined, '2027-06-30', 3],
    ['2022-01-01', 'multi-year', undefined, '2024-01-02', undefined, '2026-01-01', 2],
    ['1990-01-31', 'monthly', undefined, '2024-06-15', undefined, '2024-06-30', 413],
  ])(
    'rollForward(%s, %s, %s, today %s, anchor %s) = %s after %i',
    (date, cycle, interval, today, anchor, expected, k) => {
      expect(rollForward(date, cycle, interval, today, anchor)).toEqual({
        date: expected,
        cyclesAdvanced: k,
      });
    },
  );

  it('rejects bad dates and anchor days', () => {
    expect(() => rollForward('2024-02-30', 'monthly', undefined, '2024-03-01')).toThrow(RangeError);
    expect(() => rollForward('2024-03-15', 'monthly', undefined, 'tomorrow')).toThrow(RangeError);
    expect(() => rollForward('2024-03-15', 'monthly', undefined, '2024-03-01', 0)).toThrow(RangeError);
    expect(() => rollForward('2024-03-15', 'monthly', undefined, '2024-05-01', 32)).toThrow(RangeError);
  });
});

type RenewalCase = [string, Omit<NextRenewalInput, 'autoRenew'> & { autoRenew?: boolean }, string];

describe('nextRenewalDate', () => {
  it.each<RenewalCase>([
    // Month-end anchoring: Jan 31 → Feb 29 → Mar 31 → Apr 30, not Mar 29.
    ['first renewal', { startDate: '2024-01-31', cycle: 'monthly', today: '2024-01-31' }, '2024-02-29'],
    ['renewal due today', { startDate: '2024-01-31', cycle: 'monthly', today: '2024-02-29' }, '2024-02-29'],
    ['Feb passed → Mar 31', { startDate: '2024-01-31', cycle: 'monthly', today: '2024-03-01' }, '2024-03-31'],
    ['→ Apr 30', { startDate: '2024-01-31', cycle: 'monthly', today: '2024-04-15' }, '2024-04-30'],
    ['→ May 31', { startDate: '2024-01-31', cycle: 'monthly', today: '2024-05-01' }, '2024-05-31'],
    ['mid-month due today', { startDate: '2024-01-15', cycle: 'monthly', today: '2024-03-15' }, '2024-03-15'],
    // Renewals in the past roll forward several cycles.
    [
      'annual, 4 cycles ahead',
      { startDate: '2020-06-15', cycle: 'annual', today: '2024-11-20' },
      '2025-06-15',
    ],
    [
      'quarterly from Nov 30',
      { startDate: '2023-11-30', cycle: 'quarterly', today: '2024-06-01' },
      '2024-08-30',
    ],
    [
      'semi-annual Aug 31',
      { startDate: '2024-08-31', cycle: 'semi-annual', today: '2024-09-01' },
      '2025-02-28',
    ],
    [
      'semi-annual back to 31',
      { startDate: '2024-08-31', cycle: 'semi-annual', today: '2025-03-01' },
      '2025-08-31',
    ],
    // Leap days.
    [
      'leap start, next year',
      { startDate: '2024-02-29', cycle: 'annual', today: '2025-01-01' },
      '2025-02-28',
    ],
    ['leap start, 2 years', { startDate: '2024-02-29', cycle: 'annual', today: '2025-03-01' }, '2026-02-28'],
    [
      'leap start, back to 29',
      { startDate: '2024-02-29', cycle: 'annual', today: '2027-03-01' },
      '2028-02-29',
    ],
    ['2100 is not leap', { startDate: '2096-02-29', cycle: 'annual', today: '2099-03-01' }, '2100-02-28'],
    // Multi-year terms.
    [
      '36 months, not yet',
      { startDate: '2021-03-31', cycle: 'multi-year', intervalMonths: 36, today: '2024-03-30' },
      '2024-03-31',
    ],
    [
      '36 months, rolled',
      { startDate: '2021-03-31', cycle: 'multi-year', intervalMonths: 36, today: '2024-04-01' },
      '2027-03-31',
    ],
    [
      'multi-year default 24',
      { startDate: '2022-01-01', cycle: 'multi-year', today: '2023-06-01' },
      '2024-01-01',
    ],
    [
      '60 months from Feb 29',
      { startDate: '2020-02-29', cycle: 'multi-year', intervalMonths: 60, today: '2024-01-01' },
      '2025-02-28',
    ],
    // Weekly.
    ['weekly, start day', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-01-01' }, '2024-01-08'],
    ['weekly, due today', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-01-08' }, '2024-01-08'],
    ['weekly, day after', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-01-09' }, '2024-01-15'],
    ['weekly, 52 weeks', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-12-30' }, '2024-12-30'],
    ['weekly, year end', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-12-31' }, '2025-01-06'],
    // A start date in the future.
    ['future start', { startDate: '2025-01-10', cycle: 'monthly', today: '2024-12-01' }, '2025-02-10'],
    // Anchored on the stored renewal date.
    [
      'current clamped',
      { startDate: '2024-01-31', currentRenewalDate: '2024-02-29', cycle: 'monthly', today: '2024-03-10' },
      '2024-03-31',
    ],
    [
      'current future',
      { startDate: '2024-01-31', currentRenewalDate: '2024-12-31', cycle: 'monthly', today: '2024-06-01' },
      '2024-12-31',
    ],
    [
      'current moved to 15',
      { startDate: '2024-01-31', currentRenewalDate: '2024-02-15', cycle: 'monthly', today: '2024-02-20' },
      '2024-03-15',
    ],
    [
      'current, 30th anchor',
      { startDate: '2024-01-30', currentRenewalDate: '2024-02-29', cycle: 'monthly', today: '2024-03-05' },
      '2024-03-30',
    ],
    [
      'current Apr 30',
      { startDate: '2024-01-31', currentRenewalDate: '2024-04-30', cycle: 'monthly', today: '2024-05-01' },
      '2024-05-31',
    ],
    [
      'current quarterly',
      { startDate: '2023-08-31', currentRenewalDate: '2023-11-30', cycle: 'quarterly', today: '2024-03-01' },
      '2024-05-31',
    ],
    [
      'current annual',
      { startDate: '2019-07-01', currentRenewalDate: '2022-07-01', cycle: 'annual', today: '2024-11-20' },
      '2025-07-01',
    ],
    [
      'current weekly',
      { startDate: '2024-01-05', currentRenewalDate: '2024-05-03', cycle: 'weekly', today: '2024-05-20' },
      '2024-05-24',
    ],
    [
      'no start date',
      { startDate: null, currentRenewalDate: '2024-02-29', cycle: 'monthly', today: '2024-03-10' },
      '2024-03-29',
    ],
    [
      'no start, future',
      { startDate: null, currentRenewalDate: '2024-12-31', cycle: 'annual', today: '2024-06-01' },
      '2024-12-31',
    ],
    [
      'current null',
      { startDate: '2024-01-31', currentRenewalDate: null, cycle: 'monthly', today: '2024-03-01' },
      '2024-03-31',
    ],
  ])('auto-renewing: %s', (_name, input, expected) => {
    expect(nextRenewalDate({ autoRenew: true, ...input })).toBe(expected);
  });

  it.each<RenewalCase>([
    [
      'overdue stays overdue',
      { startDate: '2023-01-31', cycle: 'monthly', today: '2024-06-01' },
      '2023-02-28',
    ],
    ['not yet due', { startDate: '2023-05-01', cycle: 'annual', today: '2024-01-01' }, '2024-05-01'],
    [
      '36-month term ended',
      { startDate: '2021-01-01', cycle: 'multi-year', intervalMonths: 36, today: '2025-06-01' },
      '2024-01-01',
    ],
    ['weekly overdue', { startDate: '2024-01-01', cycle: 'weekly', today: '2024-03-01' }, '2024-01-08'],
    [
      'current overdue',
      { startDate: '2024-01-31', currentRenewalDate: '2024-03-31', cycle: 'monthly', today: '2024-05-01' },
      '2024-03-31',
    ],
    [
      'current future',
      { startDate: '2023-06-30', currentRenewalDate: '2025-06-30', cycle: 'annual', today: '2024-11-01' },
      '2025-06-30',
    ],
    [
      'no start, overdue',
      { startDate: null, currentRenewalDate: '2024-09-30', cycle: 'quarterly', today: '2024-11-01' },
      '2024-09-30',
    ],
  ])('not auto-renewing: %s', (_name, input, expected) => {
    const date = nextRenewalDate({ ...input, autoRenew: false });
    expect(date).toBe(expected);
    if (date < input.today) expect(renewalUrgency(daysUntil(date, input.today))).toBe('overdue');
  });

  it('lands on the month end on or after today for a Jan 31 monthly subscription, every day for two years', () => {
    for (const today of everyDay('2024-01-01', '2025-12-31')) {
      const date = nextRenewalDate({ startDate: '2024-01-31', cycle: 'monthly', today, autoRenew: true });
      expect(date, today).toBe(today < '2024-02-01' ? '2024-02-29' : endOfMonth(today));
    }
  });

  it('lands 0–6 days ahead on the weekly schedule, every day for a year', () => {
    for (const today of everyDay('2024-01-01', '2024-12-31')) {
      const date = nextRenewalDate({ startDate: '2023-12-27', cycle: 'weekly', today, autoRenew: true });
      expect(daysBetween(today, date)).toBeGreaterThanOrEqual(0);
      expect(daysBetween(today, date)).toBeLessThan(7);
      expect(daysBetween('2023-12-27', date) % 7).toBe(0);
    }
  });

  it('rejects bad input', () => {
    const base: NextRenewalInput = {
      startDate: '2024-01-31',
      cycle: 'monthly',
      today: '2024-03-01',
      autoRenew: true,
    };
    expect(() => nextRenewalDate({ ...base, startDate: '2024-01-32' })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, today: '01/03/2024' })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, currentRenewalDate: '2024-02-30' })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, autoRenew: false, today: 'x' })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, cycle: 'multi-year', intervalMonths: 12 })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, startDate: null })).toThrow(RangeError);
    expect(() => nextRenewalDate({ ...base, startDate: null, currentRenewalDate: null })).toThrow(RangeError);
  });
});

describe('cancelByDate', () => {
  it.each<[string, number | null | undefined, string]>([
    ['2024-03-15', 30, '2024-02-14'],
    ['2024-03-01', 1, '2024-02-29'], // leap year, across a month
    ['2025-03-01', 1, '2025-02-28'],
    ['2025-01-15', 30, '2024-12-16'], // across a year
    ['2025-01-01', 1, '2024-12-31'],
    ['2025-02-01', 90, '2024-11-03'],
    ['2025-01-01', 365, '2024-01-02'], // 2024 has 366 days
    ['2024-06-30', 0, '2024-06-30'],
    ['2024-06-30', null, '2024-06-30'],
    ['2024-06-30', undefined, '2024-06-30'],
  ])('cancelByDate(%s, %s) = %s', (renewal, notice, expected) => {
    expect(cancelByDate(renewal, notice)).toBe(expected);
  });

  it.each([-5, 1.5, Number.NaN])('rejects a notice period of %s days', (notice) => {
    expect(() => cancelByDate('2024-06-30', notice)).toThrow(RangeError);
  });

  it('rejects a bad renewal date even without notice', () => {
    expect(() => cancelByDate('2024-06-31', null)).toThrow(RangeError);
  });
});

describe('renewalUrgency', () => {
  it.each([
    [-365, 'overdue'],
    [-1, 'overdue'],
    [0, 'high'],
    [1, 'high'],
    [7, 'high'],
    [8, 'medium'],
    [30, 'medium'],
    [31, 'low'],
    [365, 'low'],
  ])('renewalUrgency(%i) = %s', (days, expected) => expect(renewalUrgency(days)).toBe(expected));

  it('rejects NaN', () => expect(() => renewalUrgency(Number.NaN)).toThrow(RangeError));

  it('combines with daysUntil and cancelByDate', () => {
    const renewal = '2025-01-15';
    const cancelBy = cancelByDate(renewal, 30);
    expect(renewalUrgency(daysUntil(cancelBy, '2024-12-10'))).toBe('high');
    expect(renewalUrgency(daysUntil(cancelBy, '2024-12-17'))).toBe('overdue');
    expect(renewalUrgency(daysUntil(renewal, '2024-12-17'))).toBe('medium');
  });
});

describe('renewalDateToStore', () => {
  const base = { nextRenewalDate: null, startDate: null, autoRenew: true, status: 'active', today: '2026-03-10' };

  it.each<[string, Partial<Parameters<typeof renewalDateToStore>[0]>, BillingCycle, number | null, string | null]>([
    ['keeps the date given', { nextRenewalDate: '2026-05-01', startDate: '2024-01-01' }, 'monthly', null, '2026-05-01'],
    ['counts from the start date', { startDate: '2025-07-20' }, 'annual', null, '2026-07-20'],
    ['rolls a past start forward', { startDate: '2024-02-15' }, 'quarterly', null, '2026-05-15'],
    ['no start: a week after today', {}, 'weekly', null, '2026-03-17'],
    ['no start: a month after today', {}, 'monthly', null, '2026-04-10'],
    ['no start: a quarter after today', {}, 'quarterly', null, '2026-06-10'],
    ['no start: half a year after today', {}, 'semi-annual', null, '2026-09-10'],
    ['no start: a year after today', {}, 'annual', null, '2027-03-10'],
    ['no start: the multi-year term after today', {}, 'multi-year', 36, '2029-03-10'],
    ['no start, month end: the shorter month clamps', { today: '2026-01-31' }, 'monthly', null, '2026-02-28'],
    ['no start, leap day: a year later is Feb 28', { today: '2028-02-29' }, 'annual', null, '2029-02-28'],
    ['no start, not auto-renewing: still a cycle ahead', { autoRenew: false }, 'monthly', null, '2026-04-10'],
    ['cancelled without dates: none', { status: 'cancelled' }, 'monthly', null, null],
    ['cancelled with a start: the end of its paid cycle', { status: 'cancelled', startDate: '2026-01-05' }, 'monthly', null, '2026-04-05'],
  ])('%s', (_, overrides, cycle, intervalMonths, expected) => {
    expect(renewalDateToStore({ ...base, ...overrides, cycle, intervalMonths })).toBe(expected);
  });

  it('is never before today for auto-renewing applications', () => {
    for (const today of everyDay('2027-12-25', '2028-03-05')) {
      for (const cycle of BILLING_CYCLES) {
        const date = renewalDateToStore({ ...base, today, cycle, intervalMonths: cycle === 'multi-year' ? 24 : null });
        expect(date! > today).toBe(true);
      }
    }
  });
});
