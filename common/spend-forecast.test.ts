import { describe, expect, it } from 'vitest';
import { addMonths, endOfMonth, startOfMonth } from './dates';
import { committedFrom, stillDueByMonth, stillDueMinor } from './spend-forecast';

const monthly = {
  billingCycle: 'monthly' as const,
  intervalMonths: null,
  startDate: '2025-01-15',
  nextRenewalDate: '2026-12-15',
  autoRenew: true,
  cycleMinor: 10_000,
  monthlyMinor: 10_000,
};

describe('stillDueMinor', () => {
  it('counts the charges from the next renewal on, none already paid before it', () => {
    // 2 Dec – 31 Dec: only the 15th (the charge on 15 Nov and any back-projected one are paid).
    expect(stillDueMinor(monthly, '2026-12-02', '2026-12-31')).toBe(10_000);
    expect(stillDueMinor({ ...monthly, nextRenewalDate: '2027-01-15' }, '2026-12-02', '2026-12-31')).toBe(0);
    expect(stillDueMinor(monthly, '2027-01-01', '2027-03-31')).toBe(30_000);
  });

  it('stops at the renewal of an application that does not auto-renew', () => {
    expect(stillDueMinor({ ...monthly, autoRenew: false }, '2026-12-02', '2027-03-31')).toBe(0);
  });

  it('spreads the monthly equivalent over the days left when there is no date to anchor on', () => {
    const undated = { ...monthly, startDate: null, nextRenewalDate: null, monthlyMinor: 31_000 };
    expect(stillDueMinor(undated, '2026-12-02', '2026-12-31')).toBe(30_000);
    expect(stillDueMinor(undated, '2027-01-01', '2027-02-28')).toBe(62_000);
  });
});

describe('stillDueByMonth', () => {
  it('is stillDueMinor of each month (the first from the given day), from one schedule', () => {
    const apps = [
      monthly,
      { ...monthly, autoRenew: false },
      { ...monthly, billingCycle: 'weekly' as const, nextRenewalDate: '2026-12-04' },
      { ...monthly, billingCycle: 'annual' as const, nextRenewalDate: '2027-05-31', startDate: '2024-05-31' },
      { ...monthly, billingCycle: 'quarterly' as const, nextRenewalDate: '2027-01-31' },
      { ...monthly, startDate: null, nextRenewalDate: null, monthlyMinor: 31_000 },
      { ...monthly, cycleMinor: null },
    ];
    const from = '2026-12-02';
    for (const app of apps) {
      const byMonth = stillDueByMonth(app, from, '2027-11-30');
      for (let i = 0; i < 12; i += 1) {
        const monthStart = addMonths(startOfMonth(from), i);
        const expected = stillDueMinor(app, i === 0 ? from : monthStart, endOfMonth(monthStart));
        expect(byMonth.get(monthStart.slice(0, 7)) ?? 0).toBe(expected);
      }
    }
  });
});

describe('committedFrom', () => {
  it('is the start date, else the day the application was added', () => {
    expect(committedFrom('2026-03-01', '2026-12-02')).toBe('2026-03-01');
    expect(committedFrom(null, '2026-12-02')).toBe('2026-12-02');
  });
});
