import { describe, expect, it } from 'vitest';
import { committedFrom, stillDueMinor } from './spend-forecast';

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

describe('committedFrom', () => {
  it('is the start date, else the day the application was added', () => {
    expect(committedFrom('2026-03-01', '2026-12-02')).toBe('2026-03-01');
    expect(committedFrom(null, '2026-12-02')).toBe('2026-12-02');
  });
});
