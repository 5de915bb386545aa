import { describe, expect, it } from 'vitest';
import { money, ordinal, perMonthText, signedPercent } from '@/lib/benchmarks/format';

describe('benchmark formatting', () => {
  it('signs percentages with a real minus sign and says 0% without a sign', () => {
    expect(signedPercent(18.44)).toBe('+18.4%');
    expect(signedPercent(-5)).toBe('−5%');
    expect(signedPercent(17.6, 0)).toBe('+18%');
    expect(signedPercent(0.04)).toBe('0%');
    expect(signedPercent(-0.4, 0)).toBe('0%');
  });

  it('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 62, 100, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '62nd',
      '100th',
      '101st',
    ]);
  });

  it('rounds fractional minor units and names the unit', () => {
    expect(money(1_041.67, 'USD')).toBe('$10.42');
    expect(perMonthText(1_250, 'EUR', 'user')).toBe('€12.50 per seat per month');
    expect(perMonthText(50_000, 'USD', 'flat')).toBe('$500.00 per month');
  });
});
