import { describe, expect, it } from 'vitest';
import {
  dueBetweenMinor,
  dueInWindowMinor,
  isContractRenewal,
  isRenewingWithin,
  renewalWindow,
} from './renewal-window';

describe('the renewal window', () => {
  it('counts today as the first of N days and leaves overdue dates out', () => {
    expect(renewalWindow('2026-11-24', 30)).toEqual({ from: '2026-11-24', to: '2026-12-23' });
    expect(isRenewingWithin('2026-11-24', '2026-11-24', 30)).toBe(true);
    expect(isRenewingWithin('2026-12-23', '2026-11-24', 30)).toBe(true);
    expect(isRenewingWithin('2026-12-24', '2026-11-24', 30)).toBe(false);
    expect(isRenewingWithin('2026-11-23', '2026-11-24', 30)).toBe(false); // overdue
    expect(isRenewingWithin(null, '2026-11-24', 30)).toBe(false);
  });

  it('crosses month ends and leap days', () => {
    expect(renewalWindow('2028-02-15', 30).to).toBe('2028-03-15');
    expect(renewalWindow('2026-12-31', 1)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('sums every charge in the window at its per-cycle amount', () => {
    const base = { costPerCycleMinor: 1_000 };
    // Weekly from today: Nov 24, Dec 1, 8, 15, 22 → five charges in 30 days.
    expect(
      dueInWindowMinor({ ...base, billingCycle: 'weekly', nextRenewalDate: '2026-11-24' }, '2026-11-24', 30),
    ).toBe(5_000);
    // Monthly on the 30th: one charge (Nov 30); Dec 30 is past the window.
    expect(
      dueInWindowMinor({ ...base, billingCycle: 'monthly', nextRenewalDate: '2026-11-30' }, '2026-11-24', 30),
    ).toBe(1_000);
    // Annual renewing in the window: one; renewing next year: none.
    expect(
      dueInWindowMinor({ ...base, billingCycle: 'annual', nextRenewalDate: '2026-12-01' }, '2026-11-24', 30),
    ).toBe(1_000);
    expect(
      dueInWindowMinor({ ...base, billingCycle: 'annual', nextRenewalDate: '2027-06-01' }, '2026-11-24', 30),
    ).toBe(0);
    // A year of a monthly tool: twelve charges.
    expect(
      dueInWindowMinor(
        { ...base, billingCycle: 'monthly', nextRenewalDate: '2026-12-08' },
        '2026-11-24',
        365,
      ),
    ).toBe(12_000);
  });

  it('sums the charges between two dates from the next renewal on', () => {
    const monthly = {
      nextRenewalDate: '2026-03-15',
      billingCycle: 'monthly' as const,
      costPerCycleMinor: 1_000,
    };
    expect(dueBetweenMinor(monthly, '2026-03-10', '2026-06-07')).toBe(3_000);
    expect(dueBetweenMinor(monthly, '2026-03-10', '2026-03-14')).toBe(0);
    expect(dueBetweenMinor(monthly, '2026-03-10', '2026-06-07')).toBe(
      dueInWindowMinor(monthly, '2026-03-10', 90),
    );
  });

  it('calls annual and multi-year renewals contract renewals, the rest recurring charges', () => {
    expect(['annual', 'multi-year'].every(isContractRenewal)).toBe(true);
    expect(['weekly', 'monthly', 'quarterly', 'semi-annual'].some(isContractRenewal)).toBe(false);
  });
});
