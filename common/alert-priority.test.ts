import { describe, expect, it } from 'vitest';
import { alertPriority, roughUsd } from './alert-priority';

const usd = (dollars: number) => dollars * 100;

describe('alertPriority for deadlines (annual cost at stake, days to the deadline)', () => {
  it.each([
    // A $20K auto-renewal inside its notice window is high; a $20-a-month tool never is.
    ['$20K contract, cancel-by in 25 days', usd(20_000), 25, 'high'],
    ['$20K contract, cancel-by in 3 days', usd(20_000), 3, 'high'],
    ['$20K contract, cancel-by passed 2 days ago', usd(20_000), -2, 'high'],
    ['$20K contract, 60 days ahead', usd(20_000), 60, 'medium'],
    ['$20K contract, 90 days ahead', usd(20_000), 90, 'medium'],
    ['$20K contract, 120 days ahead', usd(20_000), 120, 'low'],
    ['$10K exactly, 30 days', usd(10_000), 30, 'high'],
    ['$9,999, 30 days', usd(9_999), 30, 'medium'],
    ['$5K tool, 7 days', usd(5_000), 7, 'high'],
    ['$5K tool, 8 days', usd(5_000), 8, 'medium'],
    ['$5K tool, 31 days', usd(5_000), 31, 'low'],
    ['$5K tool, 60 days', usd(5_000), 60, 'low'],
    ['$2K exactly, overdue', usd(2_000), -10, 'high'],
    ['$1,200 tool, 1 day', usd(1_200), 1, 'medium'],
    ['$1,200 tool, 20 days', usd(1_200), 20, 'low'],
    ['$20 a month ($240 a year), today', usd(240), 0, 'low'],
    ['$20 a month, overdue', usd(240), -30, 'low'],
    ['free tool, today', 0, 0, 'low'],
  ] as const)('%s → %s', (_label, atStakeMinor, daysLeft, expected) =>
    expect(alertPriority({ atStakeMinor, currency: 'USD', daysLeft })).toBe(expected),
  );
});

describe('alertPriority for spend (overspend at stake, no deadline)', () => {
  it.each([
    ['$1,323 over expected', usd(1_323), 'high'],
    ['$37K charge after cancellation', usd(37_152), 'high'],
    ['$1,000 exactly', usd(1_000), 'high'],
    ['$150 over', usd(150), 'medium'],
    ['$30 over', usd(30), 'low'],
    ['nothing over (a budget at 80%)', 0, 'low'],
    ['a negative amount counts as nothing', -usd(500), 'low'],
  ] as const)('%s → %s', (_label, atStakeMinor, expected) =>
    expect(alertPriority({ atStakeMinor, currency: 'USD', daysLeft: null })).toBe(expected),
  );
});

describe('currencies', () => {
  it('weighs amounts by what they are roughly worth, not by their digits', () => {
    // ¥1,000,000 (about $6,700) a year, 20 days out: medium, like the dollar amount would be.
    expect(alertPriority({ atStakeMinor: 1_000_000, currency: 'JPY', daysLeft: 20 })).toBe('medium');
    // ¥30,000 (about $200) is a small tool even on its last day.
    expect(alertPriority({ atStakeMinor: 30_000, currency: 'JPY', daysLeft: 1 })).toBe('low');
    // €15,000 a year inside the window is a major contract.
    expect(alertPriority({ atStakeMinor: 1_500_000, currency: 'EUR', daysLeft: 14 })).toBe('high');
    // KWD has three minor digits and is worth more than a dollar.
    expect(roughUsd(1_000_000, 'KWD')).toBeCloseTo(3_225.8, 0);
  });
  it('counts an unknown or lower-case currency code sensibly', () => {
    expect(roughUsd(usd(500), 'usd')).toBe(500);
    expect(roughUsd(usd(500), 'XYZ')).toBe(500);
  });
});
