import { describe, expect, it } from 'vitest';
import { convertMinor, normalisePrice, seatBandOf, termOf, type PriceTermsInput } from './normalise';
import type { ReferenceRates } from './reference-rates';

const rates: ReferenceRates = { date: '2025-11-26', perEur: { EUR: 1, USD: 1.25, JPY: 150 } };

const seat = (over: Partial<PriceTermsInput> = {}): PriceTermsInput => ({
  tierId: 'pool-1',
  tierName: 'Pro',
  pricingModel: 'per-seat',
  amountMinor: null,
  unitPriceMinor: 1200,
  seats: 10,
  billingCycle: 'monthly',
  intervalMonths: null,
  currency: 'USD',
  ...over,
});

describe('normalisePrice', () => {
  it.each([
    ['weekly', null, 5200, 22_533, 270_400],
    ['monthly', null, 1200, 1200, 14_400],
    ['quarterly', null, 3600, 1200, 14_400],
    ['semi-annual', null, 7200, 1200, 14_400],
    ['annual', null, 14_400, 1200, 14_400],
    ['multi-year', 36, 43_200, 1200, 14_400],
  ] as const)('per seat, %s: per month and per seat-year', (cycle, interval, unit, perMonth, perYear) => {
    const price = normalisePrice(
      seat({ billingCycle: cycle, intervalMonths: interval, unitPriceMinor: unit }),
      'USD',
      null,
    )!;
    expect(price.perMonthMinor).toBe(perMonth);
    expect(price.perUnitYearlyMinor).toBe(perYear);
    expect(price.yearlyMinor).toBe(perYear * 10);
    expect(price.unit).toBe('user');
    expect(price.seatBand).toBe('1-10');
    expect(price.rateDate).toBeNull();
  });

  it('terms follow the billing cycle: annual, multi-year, else monthly', () => {
    expect(termOf('annual')).toBe('annual');
    expect(termOf('multi-year')).toBe('multi-year');
    expect(termOf('quarterly')).toBe('monthly');
    expect(termOf('weekly')).toBe('monthly');
  });

  it('a flat price is per month for the account, whatever the seats', () => {
    const price = normalisePrice(
      seat({
        pricingModel: 'flat',
        amountMinor: 60_000,
        unitPriceMinor: null,
        billingCycle: 'annual',
        seats: 40,
      }),
      'USD',
      null,
    )!;
    expect(price).toMatchObject({
      unit: 'flat',
      perMonthMinor: 5000,
      yearlyMinor: 60_000,
      term: 'annual',
      seatBand: '11-50',
    });
  });

  it('usage prices and missing prices have no comparable price', () => {
    expect(normalisePrice(seat({ pricingModel: 'usage', amountMinor: 5000 }), 'USD', null)).toBeNull();
    expect(normalisePrice(seat({ unitPriceMinor: null }), 'USD', null)).toBeNull();
    expect(normalisePrice(seat({ unitPriceMinor: 0 }), 'USD', null)).toBeNull();
  });

  it('converts into the organization currency at the reference rate, and says so', () => {
    const price = normalisePrice(seat({ unitPriceMinor: 1250 }), 'EUR', rates)!;
    expect(price).toMatchObject({ perMonthMinor: 1000, currency: 'EUR', rateDate: '2025-11-26' });
  });

  it('no rate, no comparison', () => {
    expect(normalisePrice(seat({ currency: 'GBP' }), 'EUR', rates)).toBeNull();
    expect(normalisePrice(seat({ currency: 'USD' }), 'EUR', null)).toBeNull();
  });
});

describe('convertMinor', () => {
  it('handles currencies without minor units', () => {
    expect(convertMinor(1250, 'USD', 'JPY', rates)).toEqual({ amountMinor: 1500, rateDate: '2025-11-26' });
    expect(convertMinor(1500, 'JPY', 'USD', rates)).toEqual({ amountMinor: 1250, rateDate: '2025-11-26' });
  });
});

describe('seatBandOf', () => {
  it('bands seats', () => {
    expect([0, 1, 10, 11, 50, 51, 250, 251].map(seatBandOf)).toEqual([
      null,
      '1-10',
      '1-10',
      '11-50',
      '11-50',
      '51-250',
      '51-250',
      '251+',
    ]);
    expect(seatBandOf(null)).toBeNull();
  });
});
