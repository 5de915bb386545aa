import { describe, expect, it } from 'vitest';
import { budgetPercent, budgetState } from './budget-state';

describe('budgetState', () => {
  const budget = { amountMinor: 100_000, thresholds: [80, 100] };
  it('is over past the amount, at risk from the lowest threshold or a forecast past it, else on track', () => {
    expect(budgetState({ ...budget, actualMinor: 100_001, forecastMinor: 100_001 })).toBe('over');
    expect(budgetState({ ...budget, actualMinor: 80_000, forecastMinor: 80_000 })).toBe('at-risk');
    expect(budgetState({ ...budget, actualMinor: 50_000, forecastMinor: 120_000 })).toBe('at-risk');
    expect(budgetState({ ...budget, actualMinor: 79_999, forecastMinor: 90_000 })).toBe('on-track');
  });
  it('gives percents with one decimal', () => {
    expect(budgetPercent(76_700, 100_000)).toBe(76.7);
    expect(budgetPercent(5, 0)).toBe(0);
  });
});
