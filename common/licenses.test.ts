import { describe, expect, it } from 'vitest';
import {
  combineUtilisation,
  freeSeats,
  isActiveOn,
  isSeatActive,
  poolUtilisation,
  seatYearlyCostMinor,
  totalsByCurrency,
} from './licenses';

const now = new Date('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const monthly = { unitPriceMinor: 1_000, billingCycle: 'monthly' as const };

describe('isSeatActive', () => {
  it('counts activity within the window, including its whole first day (UTC), and never-seen as inactive', () => {
    expect(isSeatActive(daysAgo(0), now, 30)).toBe(true);
    expect(isSeatActive(daysAgo(30), now, 30)).toBe(true);
    // Calendar days, as the insights detectors count them: any time on today − 30 days is in.
    expect(isSeatActive(new Date('2026-03-01T00:00:00Z'), now, 30)).toBe(true);
    expect(isSeatActive(new Date('2026-02-28T23:59:59Z'), now, 30)).toBe(false);
    expect(isActiveOn('2026-03-01', '2026-03-31', 30)).toBe(true);
    expect(isActiveOn('2026-02-28', '2026-03-31', 30)).toBe(false);
    expect(isActiveOn(null, '2026-03-31', 30)).toBe(false);
    expect(isSeatActive(daysAgo(45), now, 60)).toBe(true);
    expect(isSeatActive(null, now, 90)).toBe(false);
    expect(isSeatActive(daysAgo(3).toISOString(), now, 30)).toBe(true);
  });
});

describe('seatYearlyCostMinor', () => {
  it('annualises the unit price from the cycle', () => {
    expect(seatYearlyCostMinor(monthly)).toBe(12_000);
    expect(seatYearlyCostMinor({ unitPriceMinor: 9_000, billingCycle: 'annual' })).toBe(9_000);
    expect(seatYearlyCostMinor({ unitPriceMinor: 3_000, billingCycle: 'quarterly' })).toBe(12_000);
    expect(seatYearlyCostMinor({ unitPriceMinor: 100, billingCycle: 'weekly' })).toBe(5_200);
    expect(
      seatYearlyCostMinor({ unitPriceMinor: 24_000, billingCycle: 'multi-year', intervalMonths: 24 }),
    ).toBe(12_000);
  });
});

describe('poolUtilisation', () => {
  it('splits purchased seats into unassigned, active and inactive and prices the waste', () => {
    const seats = [
      { lastActiveAt: daysAgo(1) },
      { lastActiveAt: daysAgo(10) },
      { lastActiveAt: daysAgo(40) },
      { lastActiveAt: null },
    ];
    expect(poolUtilisation({ ...monthly, seats: 10 }, seats, now, 30)).toEqual({
      purchased: 10,
      assigned: 4,
      unassigned: 6,
      active: 2,
      inactive: 2,
      utilisationPct: 20,
      overAssigned: false,
      overAssignedBy: 0,
      yearlyCostMinor: 120_000,
      wastedSeats: 8,
      wasteYearlyMinor: 96_000,
    });
  });

  it('uses the organization window: the 40-day-old seat is active at 60 days', () => {
    const u = poolUtilisation({ ...monthly, seats: 2 }, [{ lastActiveAt: daysAgo(40) }], now, 60);
    expect(u).toMatchObject({
      active: 1,
      inactive: 0,
      unassigned: 1,
      utilisationPct: 50,
      wasteYearlyMinor: 12_000,
    });
  });

  it('unlimited seats: nothing is unassigned, capacity is the assigned people, inactive ones are waste', () => {
    const u = poolUtilisation(
      { ...monthly, seats: null },
      [{ lastActiveAt: daysAgo(1) }, { lastActiveAt: daysAgo(1) }, { lastActiveAt: null }],
      now,
      30,
    );
    expect(u).toEqual({
      purchased: null,
      assigned: 3,
      unassigned: 0,
      active: 2,
      inactive: 1,
      utilisationPct: 67,
      overAssigned: false,
      overAssignedBy: 0,
      yearlyCostMinor: 36_000,
      wastedSeats: 1,
      wasteYearlyMinor: 12_000,
    });
    expect(poolUtilisation({ ...monthly, seats: null }, [], now, 30).utilisationPct).toBeNull();
  });

  it('zero seats: no percentage, no cost, and any assignment is over-assignment', () => {
    expect(poolUtilisation({ ...monthly, seats: 0 }, [], now, 30)).toMatchObject({
      purchased: 0,
      unassigned: 0,
      utilisationPct: null,
      overAssigned: false,
      yearlyCostMinor: 0,
      wasteYearlyMinor: 0,
    });
    expect(poolUtilisation({ ...monthly, seats: 0 }, [{ lastActiveAt: daysAgo(1) }], now, 30)).toMatchObject({
      overAssigned: true,
      overAssignedBy: 1,
      utilisationPct: null,
    });
  });

  it('flags over-assignment without clamping: 12 people on 10 seats', () => {
    const seats = Array.from({ length: 12 }, (_, i) => ({ lastActiveAt: i < 11 ? daysAgo(2) : null }));
    expect(poolUtilisation({ ...monthly, seats: 10 }, seats, now, 30)).toMatchObject({
      purchased: 10,
      assigned: 12,
      unassigned: 0,
      active: 11,
      inactive: 1,
      utilisationPct: 110,
      overAssigned: true,
      overAssignedBy: 2,
      yearlyCostMinor: 120_000,
      wastedSeats: 1,
      wasteYearlyMinor: 12_000,
    });
  });

  it('a free pool costs nothing and wastes nothing', () => {
    expect(poolUtilisation({ ...monthly, unitPriceMinor: 0, seats: 5 }, [], now, 30)).toMatchObject({
      wastedSeats: 5,
      wasteYearlyMinor: 0,
      yearlyCostMinor: 0,
    });
  });
});

describe('combineUtilisation', () => {
  it('adds tiers up; an unlimited tier makes the total unlimited', () => {
    const a = poolUtilisation({ ...monthly, seats: 10 }, [{ lastActiveAt: daysAgo(1) }], now, 30);
    const b = poolUtilisation(
      { ...monthly, seats: null },
      [{ lastActiveAt: daysAgo(1) }, { lastActiveAt: null }],
      now,
      30,
    );
    const c = poolUtilisation(
      { ...monthly, seats: 1 },
      [{ lastActiveAt: null }, { lastActiveAt: null }],
      now,
      30,
    );
    expect(combineUtilisation([a, c])).toMatchObject({
      purchased: 11,
      assigned: 3,
      unassigned: 9,
      active: 1,
      inactive: 2,
      utilisationPct: 9,
      overAssigned: true,
      overAssignedBy: 1,
      wastedSeats: 11,
      wasteYearlyMinor: 132_000,
    });
    expect(combineUtilisation([a, b])).toMatchObject({
      purchased: null,
      assigned: 3,
      unassigned: 9,
      utilisationPct: 17,
    });
    expect(combineUtilisation([])).toMatchObject({ purchased: 0, assigned: 0, utilisationPct: null });
  });
});

describe('freeSeats and totalsByCurrency', () => {
  it('answers free seats, infinite when unlimited, negative when over-assigned', () => {
    expect(freeSeats({ seats: 5 }, 3)).toBe(2);
    expect(freeSeats({ seats: 5 }, 7)).toBe(-2);
    expect(freeSeats({ seats: null }, 7)).toBe(Number.POSITIVE_INFINITY);
  });

  it('sums amounts per currency in a stable order', () => {
    expect(
      totalsByCurrency([
        { currency: 'USD', amountMinor: 100 },
        { currency: 'EUR', amountMinor: 5 },
        { currency: 'USD', amountMinor: 50 },
      ]),
    ).toEqual([
      { currency: 'EUR', amountMinor: 5 },
      { currency: 'USD', amountMinor: 150 },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});
