import { describe, expect, it } from 'vitest';
import {
  costPercent,
  defaultPeriod,
  monthsBetween,
  splitMonthSpend,
  spendOutgrowsRevenue,
} from './brand-profitability';

describe('periods', () => {
  it('defaults to "last 12 months": the 12 whole months before the current one', () => {
    expect(defaultPeriod('2026-03-10')).toEqual({ from: '2025-03', to: '2026-02' });
  });
  it('lists every month of a period, across years', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-02')).toEqual(['2026-02']);
  });
});

describe('splitMonthSpend', () => {
  it('splits the rounded month total by exact weights so the cents add up', () => {
    // 100.01 split 60/40 three times over (three applications): 180.018 + 120.012 exact.
    const parts = splitMonthSpend(30003, [180_018_0, 120_012_0]);
    expect(parts).toEqual([18002, 12001]);
    expect(parts[0]! + parts[1]!).toBe(30003);
  });
  it('rounds each brand on its own when refunds make a weight negative', () => {
    expect(splitMonthSpend(-50, [10_000, -15_000])).toEqual([1, -1]);
  });
});

describe('costPercent', () => {
  it('is spend over revenue in percent, null without revenue', () => {
    expect(costPercent(2500, 100_000)).toBe(2.5);
    expect(costPercent(1, 3)).toBe(33.33);
    expect(costPercent(100, 0)).toBeNull();
    expect(costPercent(100, null)).toBeNull();
  });
});

describe('spendOutgrowsRevenue', () => {
  const months = (spend: number[], revenue: Array<number | null>) =>
    spend.map((spendMinor, i) => ({ spendMinor, revenueMinor: revenue[i]! }));
  it('flags spend growing faster than revenue, last 3 months against the 3 before', () => {
    expect(spendOutgrowsRevenue(months([10, 10, 10, 20, 20, 20], [100, 100, 100, 110, 110, 110]))).toBe(true);
    expect(spendOutgrowsRevenue(months([10, 10, 10, 11, 11, 11], [100, 100, 100, 150, 150, 150]))).toBe(
      false,
    );
  });
  it('does not flag without 6 months, without earlier spend or revenue, or with a revenue month missing', () => {
    expect(spendOutgrowsRevenue(months([1, 1, 1, 9, 9], [1, 1, 1, 1, 1]))).toBe(false);
    expect(spendOutgrowsRevenue(months([0, 0, 0, 9, 9, 9], [1, 1, 1, 1, 1, 1]))).toBe(false);
    expect(spendOutgrowsRevenue(months([1, 1, 1, 9, 9, 9], [0, 0, 0, 1, 1, 1]))).toBe(false);
    expect(spendOutgrowsRevenue(months([1, 1, 1, 9, 9, 9], [1, 1, null, 1, 1, 1]))).toBe(false);
  });
});
