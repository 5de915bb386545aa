// "Price above list" through the shared compareWithList, on a catalogue entry whose prices are
// confirmed (prices.test.ts uses the shipped catalogue, whose confirmations are filled in elsewhere).
import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../../common/dates';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import type { ListPrice } from '../../../../common/catalog/list-price';
import { priceAgeToday } from '../../../../common/catalog/price-age';
import { snapshotBuilder } from '../test/snapshot-builder';
import { detectPriceAboveList } from './price-above-list';

const listed = (over: Partial<ListPrice>): ListPrice => ({
  plan: 'Pro',
  unit: 'user',
  period: 'month',
  amountMinor: 875,
  currency: 'USD',
  source: 'https://slack.com/pricing',
  observedOn: priceAgeToday(),
  checkedOn: '2026-11-20',
  confirmed: true,
  ...over,
});

function withConfirmedSlack(currency = 'USD', confirmed = true) {
  const b = snapshotBuilder(currency);
  b.catalogEntry('slack');
  b.snapshot.catalog.slack = {
    ...b.snapshot.catalog.slack,
    prices: [listed({ confirmed }), listed({ period: 'year', amountMinor: 8400, confirmed })],
  };
  return b;
}

describe('price above list (compareWithList)', () => {
  it('finds a seat price above the list price billed alike; not one at list', () => {
    const b = withConfirmedSlack();
    const above = b.app({ name: 'Slack', catalogSlug: 'slack', unitPriceMinor: 1000, seats: 10 });
    b.pool(above, { tierName: 'Pro', seats: 10 });
    b.pool(b.app({ catalogSlug: 'slack', unitPriceMinor: 875 }), { tierName: 'Pro' });
    const found = detectPriceAboveList(b.snapshot, settings);
    expect(found.map((o) => o.applicationIds[0])).toEqual([above.id]);
    expect(found[0].saving?.arithmetic).toBe('10 seats × ($120.00 − $105.00) a year = $150.00');
    expect(found[0].confidence).toBe('high');
  });

  it('annual billing compares with the annual list price', () => {
    const b = withConfirmedSlack();
    const app = b.app({ catalogSlug: 'slack', billingCycle: 'annual', unitPriceMinor: 9000, seats: 5 });
    b.pool(app, { tierName: 'Pro', seats: 5 });
    const [found] = detectPriceAboveList(b.snapshot, settings);
    expect(found.saving?.arithmetic).toBe('5 seats × ($90.00 − $84.00) a year = $30.00');
  });

  it('never on a stale list price: observed over 12 months before today, or on no known date', () => {
    const today = snapshotBuilder().snapshot.organization.today;
    for (const observedOn of [addMonths(today, -13), null]) {
      const b = withConfirmedSlack();
      b.snapshot.catalog.slack.prices = b.snapshot.catalog.slack.prices.map((p) => ({ ...p, observedOn }));
      b.pool(b.app({ catalogSlug: 'slack', unitPriceMinor: 5000 }), { tierName: 'Pro' });
      expect(detectPriceAboveList(b.snapshot, settings), String(observedOn)).toEqual([]);
    }
  });

  it('never on an unconfirmed list price, nor one in another currency (no conversion for savings)', () => {
    const unconfirmed = withConfirmedSlack('USD', false);
    unconfirmed.pool(unconfirmed.app({ catalogSlug: 'slack', unitPriceMinor: 5000 }), { tierName: 'Pro' });
    expect(detectPriceAboveList(unconfirmed.snapshot, settings)).toEqual([]);
    const eur = withConfirmedSlack('EUR');
    eur.pool(eur.app({ catalogSlug: 'slack', unitPriceMinor: 5000 }), { tierName: 'Pro' });
    expect(detectPriceAboveList(eur.snapshot, settings)).toEqual([]);
  });
});
