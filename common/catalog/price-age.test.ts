import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../dates';
import { isStalePrice, isUsableForSavings, priceAge, priceCaveat, STALE_AFTER_MONTHS } from './price-age';

// The rule: a price is as old as the date its source shows; older than 12 months is stale, no date is
// unknown (treated as stale), and only a confirmed price that is not stale backs a saving.
const TODAYS = ['2026-12-02', '2027-02-28', '2028-02-29', '2026-01-31'];

describe('price age', () => {
  for (const today of TODAYS) {
    const limit = addMonths(today, -STALE_AFTER_MONTHS);
    it(`as of ${today}: within 12 months is current, older is stale, undated is unknown`, () => {
      for (const observedOn of [today, addDays(today, -1), addMonths(today, -6), limit]) {
        expect(priceAge({ observedOn }, today), observedOn).toBe('current');
        expect(isStalePrice({ observedOn }, today), observedOn).toBe(false);
      }
      for (const observedOn of [addDays(limit, -1), addMonths(today, -13), addMonths(today, -60)]) {
        expect(priceAge({ observedOn }, today), observedOn).toBe('stale');
        expect(isStalePrice({ observedOn }, today), observedOn).toBe(true);
      }
      expect(priceAge({ observedOn: null }, today)).toBe('unknown');
      expect(isStalePrice({ observedOn: null }, today)).toBe(true);
    });

    it(`as of ${today}: only a confirmed, current price backs a saving`, () => {
      const current = addMonths(today, -3);
      const old = addMonths(today, -18);
      expect(isUsableForSavings({ observedOn: current, confirmed: true }, today)).toBe(true);
      expect(isUsableForSavings({ observedOn: current, confirmed: false }, today)).toBe(false);
      expect(isUsableForSavings({ observedOn: old, confirmed: true }, today)).toBe(false);
      expect(isUsableForSavings({ observedOn: null, confirmed: true }, today)).toBe(false);
    });
  }

  it('names the caveat a price display shows', () => {
    expect(priceCaveat({ confirmed: false, stale: false })).toBe('unconfirmed');
    expect(priceCaveat({ confirmed: false, stale: true })).toBe('unconfirmed');
    expect(priceCaveat({ confirmed: true, stale: true })).toBe('stale');
    expect(priceCaveat({ confirmed: true, stale: false })).toBeNull();
  });
});
