import { describe, expect, it } from 'vitest';
import { seatsToRenew, shareOfYearly, sumOfSavings, unitsPerYear } from './arithmetic';
import { DEFAULT_INSIGHT_SETTINGS, insightSettingsPatch, resolveInsightSettings } from './settings';

describe('saving arithmetic', () => {
  it('writes out the sum that gives the figure, per cycle', () => {
    const base = { units: 3, unit: 'seat', perCycleMinor: 1200, currency: 'USD' } as const;
    expect(unitsPerYear({ ...base, cycle: 'monthly' }).arithmetic).toBe(
      '3 seats × $12.00 × 12 months = $432.00',
    );
    expect(unitsPerYear({ ...base, cycle: 'quarterly' }).arithmetic).toBe(
      '3 seats × $12.00 × 4 quarters = $144.00',
    );
    expect(unitsPerYear({ ...base, cycle: 'annual' }).arithmetic).toBe('3 seats × $12.00 a year = $36.00');
    expect(unitsPerYear({ ...base, cycle: 'multi-year', intervalMonths: 24 }).annualMinor).toBe(1800);
    const share = shareOfYearly({
      annualMinor: 120_000,
      numerator: 2,
      denominator: 12,
      why: 'discount',
      currency: 'USD',
    });
    expect(share).toEqual({
      annualMinor: 20_000,
      currency: 'USD',
      arithmetic: '$1,200.00 a year × 16.7% (discount) = $200.00',
    });
    expect(sumOfSavings([share, share], 'USD')?.arithmetic).toBe('$200.00 + $200.00 = $400.00');
    // Issue 31: each term says which application it is.
    expect(
      sumOfSavings([{ ...share, label: 'Zoom Pro' }, { ...share, label: 'Google Meet Standard' }], 'USD'),
    ).toEqual({
      annualMinor: 40_000,
      currency: 'USD',
      arithmetic: 'Zoom Pro $200.00 + Google Meet Standard $200.00 = $400.00',
    });
    expect(sumOfSavings([{ ...share, label: 'Zoom Pro' }], 'USD')).toEqual(share);
  });

  it('sizes a renewal at the seats in use plus the buffer, at least one seat', () => {
    expect(seatsToRenew(13, 10)).toBe(15);
    expect(seatsToRenew(12, 10)).toBe(14);
    expect(seatsToRenew(0, 10)).toBe(1);
  });
});

describe('insight settings', () => {
  it('has the issue’s defaults, takes a partial patch and refuses bad values with field names', () => {
    expect(DEFAULT_INSIGHT_SETTINGS).toMatchObject({
      inactiveDays: 60,
      priceIncreasePct: 7,
      renewalLookaheadDays: 90,
      seatBufferPct: 10,
    });
    expect(resolveInsightSettings({ inactiveDays: 30 }).inactiveDays).toBe(30);
    const bad = insightSettingsPatch.safeParse({ inactiveDays: 0, exemptApplicationIds: ['x'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['exemptApplicationIds', 'inactiveDays']);
  });

  it('keeps what still validates of stored settings and defaults the rest, never throwing', () => {
    const stored = {
      inactiveDays: 45,
      priceIncreasePct: 250, // over a bound tightened since it was saved
      seatBufferPct: 'ten',
      exemptApplicationIds: ['not-a-uuid'],
      retiredField: true,
    } as never;
    expect(() => resolveInsightSettings(stored)).not.toThrow();
    expect(resolveInsightSettings(stored)).toEqual({ ...DEFAULT_INSIGHT_SETTINGS, inactiveDays: 45 });
    expect(resolveInsightSettings(null)).toEqual(DEFAULT_INSIGHT_SETTINGS);
  });
});
