import { describe, expect, it } from 'vitest';
import type { ListPrice } from '../catalog/list-price';
import { priceAgeToday } from '../catalog/price-age';
import { compareWithList, type ComparedCatalogApp } from './compare';
import { normalisePrice, type PriceTermsInput } from './normalise';
import { percentileAmong } from './peer';
import type { ReferenceRates } from './reference-rates';

const rates: ReferenceRates = { date: '2025-11-26', perEur: { EUR: 1, USD: 1.25 } };
const price = (p: Partial<ListPrice>): ListPrice => ({
  plan: 'Pro',
  unit: 'user',
  period: 'month',
  amountMinor: 1000,
  currency: 'USD',
  source: 'https://chatapp.example/pricing',
  observedOn: priceAgeToday(),
  checkedOn: '2026-11-20',
  confirmed: true,
  ...p,
});
const catalog: ComparedCatalogApp = {
  slug: 'chatapp',
  prices: [
    price({ plan: 'Pro', period: 'month', amountMinor: 1000 }),
    price({ plan: 'Pro', period: 'year', amountMinor: 9600 }),
    price({ plan: 'Business', period: 'month', amountMinor: 2000, confirmed: false }),
    price({ plan: 'Enterprise', unit: 'usage', amountMinor: 500 }),
  ],
};
const ours = (over: Partial<PriceTermsInput> = {}, currency = 'USD') =>
  normalisePrice(
    {
      tierId: 't',
      tierName: 'Pro',
      pricingModel: 'per-seat',
      amountMinor: null,
      unitPriceMinor: 1200,
      seats: 10,
      billingCycle: 'monthly',
      intervalMonths: null,
      currency: 'USD',
      ...over,
    },
    currency,
    rates,
  );

describe('compareWithList', () => {
  it('compares a monthly price with the monthly list price of the named plan', () => {
    const { list, listUnavailable } = compareWithList(ours(), catalog, rates);
    expect(listUnavailable).toBeNull();
    expect(list).toMatchObject({
      plan: 'Pro',
      planMatched: true,
      comparedWith: 'month',
      differencePercent: 20,
      differenceYearlyMinor: 10 * (14_400 - 12_000),
      method: `List price, USD, observed ${priceAgeToday()} on chatapp.example/pricing`,
    });
    expect(list!.annual).toMatchObject({ perMonthMinor: 800, sourceAmountMinor: 9600, converted: false });
  });

  it('an annual or multi-year term compares with the annual list price', () => {
    const annual = compareWithList(
      ours({ billingCycle: 'annual', unitPriceMinor: 9000 }),
      catalog,
      rates,
    ).list!;
    expect(annual).toMatchObject({
      comparedWith: 'year',
      differencePercent: -6.3,
      differenceYearlyMinor: -6000,
    });
    const multi = compareWithList(
      ours({ billingCycle: 'multi-year', intervalMonths: 24, unitPriceMinor: 19_200 }),
      catalog,
      rates,
    );
    expect(multi.list).toMatchObject({ comparedWith: 'year', differencePercent: 0 });
  });

  it('converts the list price into the organization currency and marks it', () => {
    const { list } = compareWithList(ours({ currency: 'EUR', unitPriceMinor: 800 }, 'EUR'), catalog, rates);
    expect(list!.monthly).toMatchObject({
      perMonthMinor: 800,
      currency: 'EUR',
      converted: true,
      rateDate: '2025-11-26',
    });
    expect(list!.differencePercent).toBe(0);
    expect(list!.method).toContain('converted to EUR at the 2025-11-26 reference rate');
  });

  it('without rates a list price in another currency does not compare', () => {
    const eur = normalisePrice(
      {
        tierId: null,
        tierName: 'Pro',
        pricingModel: 'per-seat',
        amountMinor: null,
        unitPriceMinor: 800,
        seats: 1,
        billingCycle: 'monthly',
        intervalMonths: null,
        currency: 'EUR',
      },
      'EUR',
      null,
    );
    expect(compareWithList(eur, catalog, null)).toMatchObject({
      list: null,
      listUnavailable: 'no_list_price',
    });
  });

  it('assumes the first paid plan when the tier names none; unconfirmed and usage prices never count', () => {
    expect(compareWithList(ours({ tierName: 'Team seats' }), catalog, rates).list).toMatchObject({
      plan: 'Pro',
      planMatched: false,
    });
    // "Business" is unconfirmed: the tier falls back to the assumed first plan.
    expect(compareWithList(ours({ tierName: 'Business' }), catalog, rates).list).toMatchObject({
      plan: 'Pro',
      planMatched: false,
    });
    const usageOnly = { slug: 'm', prices: [price({ unit: 'usage' })] };
    expect(compareWithList(ours(), usageOnly, rates).listUnavailable).toBe('no_list_price');
  });

  it('never compares with a stale list price (observed over 12 months ago or undated), and says so', () => {
    const today = '2026-12-02';
    for (const observedOn of ['2025-12-01', '2020-01-15', null]) {
      const stale = {
        slug: 's',
        prices: [price({ observedOn }), price({ period: 'year', amountMinor: 9600, observedOn })],
      };
      const result = compareWithList(ours(), stale, rates, today);
      expect(result.list, String(observedOn)).toBeNull();
      expect(result.listUnavailable, String(observedOn)).toBe('stale_list_price');
    }
    const current = { slug: 'c', prices: [price({ observedOn: '2025-12-02' })] };
    const compared = compareWithList(ours(), current, rates, today).list;
    expect(compared?.monthly).toMatchObject({ stale: false, observedOn: '2025-12-02' });
    expect(compared?.method).toContain('observed 2025-12-02');
  });

  it('says why there is no comparison', () => {
    expect(compareWithList(ours(), null, rates).listUnavailable).toBe('not_in_catalog');
    expect(compareWithList(null, catalog, rates).listUnavailable).toBe('no_price');
    const flat = ours({ pricingModel: 'flat', amountMinor: 5000, unitPriceMinor: null });
    expect(compareWithList(flat, catalog, rates).listUnavailable).toBe('no_list_price');
  });
});

describe('percentileAmong', () => {
  const deciles = [100, 200, 300, 400, 500, 600, 700, 800, 900];
  it('interpolates between deciles and stops at 10 and 90', () => {
    expect(percentileAmong(500, deciles)).toBe(50);
    expect(percentileAmong(550, deciles)).toBe(55);
    expect(percentileAmong(50, deciles)).toBe(10);
    expect(percentileAmong(5000, deciles)).toBe(90);
    expect(percentileAmong(1, [])).toBeNull();
  });
});
