import { describe, expect, it } from 'vitest';
import { missingRateText, monthName, monthsInWords } from './fx-gaps';

describe('missing-rate warnings', () => {
  it('name the pair, whose amounts and the month', () => {
    expect(missingRateText({ from: 'EUR', to: 'USD', whose: 'Northwind GmbH', months: ['2026-03'] })).toBe(
      'No EUR→USD rate for Northwind GmbH in Mar 2026',
    );
    expect(missingRateText({ from: 'GBP', to: 'USD', months: ['2026-02-01'] })).toBe(
      'No GBP→USD rate in Feb 2026',
    );
  });

  it('say the months in order, consecutive ones as a range, a long list shortened', () => {
    expect(monthName('2025-12-01')).toBe('Dec 2025');
    expect(monthsInWords(['2026-03', '2026-01'])).toBe('Jan and Mar 2026');
    expect(monthsInWords(['2025-12', '2026-01', '2026-02'])).toBe('Dec 2025 – Feb 2026');
    expect(monthsInWords(['2025-11', '2026-01'])).toBe('Nov 2025 and Jan 2026');
    expect(monthsInWords(['2026-01', '2026-03', '2026-05', '2026-07', '2026-09'])).toBe(
      'Jan 2026, Mar 2026, May 2026 and 2 more months',
    );
  });
});
