import { describe, expect, it } from 'vitest';
import { annualisedMinor, costPerCycleMinor, type BillingCycle } from '../billing';
import { findCatalogApp } from './catalog';
import { catalogListPrice, listPriceCycle, listPricePerCycle, listPriceTerms } from './list-price';
import { priceAgeToday } from './price-age';
import type { CatalogPrice } from './types';

const price = (
  unit: CatalogPrice['unit'],
  period: CatalogPrice['period'],
  amountMinor: number,
): CatalogPrice => ({
  plan: 'Plan',
  unit,
  period,
  amountMinor,
  currency: 'USD',
  source: 'https://vendor.example/pricing',
  observedOn: priceAgeToday(),
  checkedOn: '2026-11-27',
  confirmed: true,
});

// [cycle, intervalMonths, per cycle from $12.00 a month, per cycle from $120.00 a year]
const CYCLES: Array<[BillingCycle, number | null, number, number]> = [
  ['weekly', null, 277, 231], // 1200 × 12 / 52 = 276.9; 12000 / 52 = 230.8
  ['monthly', null, 1_200, 1_000],
  ['quarterly', null, 3_600, 3_000],
  ['semi-annual', null, 7_200, 6_000],
  ['annual', null, 14_400, 12_000],
  ['multi-year', 24, 28_800, 24_000],
  ['multi-year', 36, 43_200, 36_000],
];

describe('listPricePerCycle', () => {
  it.each(CYCLES)(
    '%s (%s months): $12/month → %i, $120/year → %i',
    (cycle, interval, fromMonth, fromYear) => {
      expect(listPricePerCycle(price('user', 'month', 1_200), cycle, interval)).toBe(fromMonth);
      expect(listPricePerCycle(price('user', 'year', 12_000), cycle, interval)).toBe(fromYear);
    },
  );
});

describe('listPriceTerms: seats × cycle × list-price period', () => {
  const rows = CYCLES.flatMap(([cycle, interval, fromMonth, fromYear]) =>
    [1, 40].flatMap((seats) => [
      { cycle, interval, seats, list: price('user', 'month', 1_200), unit: fromMonth },
      { cycle, interval, seats, list: price('user', 'year', 12_000), unit: fromYear },
    ]),
  );

  it.each(rows)(
    'per user per $list.period, $cycle, $seats seats',
    ({ cycle, interval, seats, list, unit }) => {
      const terms = listPriceTerms(list, { billingCycle: cycle, intervalMonths: interval, seats });
      expect(terms).toEqual({ pricingModel: 'per-seat', seats, unitPriceMinor: unit, amountMinor: 0 });
      expect(costPerCycleMinor(terms)).toBe(unit * seats);
    },
  );

  it.each(rows)(
    'per user per $list.period billed flat, $cycle, $seats seats',
    ({ cycle, interval, seats, list, unit }) => {
      const terms = listPriceTerms(list, {
        billingCycle: cycle,
        intervalMonths: interval,
        seats,
        pricingModel: 'flat',
      });
      expect(terms).toEqual({ pricingModel: 'flat', seats, unitPriceMinor: null, amountMinor: unit * seats });
    },
  );

  it.each(rows)(
    'flat per $list.period, $cycle: seats ($seats) do not multiply',
    ({ cycle, interval, seats, list, unit }) => {
      const flat = { ...list, unit: 'flat' as const };
      for (const pricingModel of [undefined, 'flat', 'per-seat'] as const) {
        expect(
          listPriceTerms(flat, { billingCycle: cycle, intervalMonths: interval, seats, pricingModel }),
        ).toEqual({
          pricingModel: 'flat',
          seats,
          unitPriceMinor: null,
          amountMinor: unit,
        });
      }
    },
  );

  it('one seat when none is given', () => {
    expect(listPriceTerms(price('user', 'month', 875), { billingCycle: 'monthly' })).toMatchObject({
      seats: 1,
      unitPriceMinor: 875,
    });
  });

  it('monday.com at $12 per user per month, 40 seats, billed annually costs $5,760 a year', () => {
    const list = catalogListPrice(findCatalogApp('monday')!.prices, 'USD')!;
    expect(list).toMatchObject({ unit: 'user', period: 'month', amountMinor: 1_200 });
    const terms = listPriceTerms(list, { billingCycle: 'annual', seats: 40 });
    expect(terms.unitPriceMinor).toBe(14_400);
    expect(annualisedMinor(costPerCycleMinor(terms), 'annual')).toBe(576_000);
  });
});

describe('catalogListPrice', () => {
  const monthly = price('user', 'month', 1_200);
  const yearly = price('user', 'year', 10_800);
  const free = price('user', 'month', 0);

  it.each([
    ['the month-to-month price first', [yearly, monthly], monthly],
    ['a yearly price when there is no monthly one', [free, yearly], yearly],
    ['nothing for free-only or missing prices', [free], null],
    ['nothing when the app lists no prices', undefined, null],
  ])('%s', (_, prices, expected) => {
    expect(catalogListPrice(prices as CatalogPrice[] | undefined, 'USD')).toEqual(expected);
  });

  it('prefers the wanted currency and falls back to any other', () => {
    const euro = { ...monthly, amountMinor: 1_100, currency: 'EUR' } as unknown as CatalogPrice;
    expect(catalogListPrice([monthly, euro], 'EUR')).toBe(euro);
    expect(catalogListPrice([monthly, euro], 'GBP')).toBe(monthly);
  });

  it('bills a yearly price annually and a monthly one monthly by default', () => {
    expect(listPriceCycle(yearly)).toBe('annual');
    expect(listPriceCycle(monthly)).toBe('monthly');
  });
});
