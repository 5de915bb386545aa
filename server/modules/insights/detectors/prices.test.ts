import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { daysAgo, snapshotBuilder } from '../test/snapshot-builder';
import { detectMonthlyToAnnual } from './monthly-to-annual';
import { detectPriceAboveList } from './price-above-list';
import { detectPriceIncreases } from './price-increase';
import { detectTierRightSizing } from './tier-right-sizing';

describe('monthly to annual', () => {
  it('applies the catalogue annual discount to an application paid monthly for six months', () => {
    const b = snapshotBuilder();
    b.confirmedCatalogEntry('google-workspace');
    // Google Workspace Business Standard: $16.80 a month or $168.00 a year: 1/6 cheaper.
    const app = b.app({
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
      startDate: daysAgo(200),
      unitPriceMinor: 1680,
      seats: 10,
      annualCostMinor: 201_600,
    });
    b.pool(app, { tierName: 'Business Standard' });
    const [found] = detectMonthlyToAnnual(b.snapshot, settings);
    expect(found.saving?.annualMinor).toBe(33_600);
    expect(found.saving?.arithmetic).toContain('$2,016.00 a year × 16.7%');
    expect(found.confidence).toBe('high');
  });

  it('waits six months, and skips annual billing and apps without a catalogue annual price', () => {
    const b = snapshotBuilder();
    b.app({ catalogSlug: 'zoom', startDate: daysAgo(100) });
    b.app({ catalogSlug: 'zoom', billingCycle: 'annual' });
    b.app({ catalogSlug: null });
    expect(detectMonthlyToAnnual(b.snapshot, settings)).toEqual([]);
  });

  it('has nothing to say about an application that costs nothing (a free plan)', () => {
    const b = snapshotBuilder();
    b.app({ catalogSlug: 'slack', annualCostMinor: 0, amountMinor: 0, unitPriceMinor: null });
    b.app({ catalogSlug: 'bitwarden', annualCostMinor: 0, amountMinor: 0, unitPriceMinor: 0 });
    expect(detectMonthlyToAnnual(b.snapshot, settings)).toEqual([]);
  });

  it('shows a charge more than double the expected price with low confidence (likely another invoice)', () => {
    const b = snapshotBuilder();
    const app = b.app({ pricingModel: 'flat', amountMinor: 10_000 });
    b.charge(app, { amountMinor: 37_800, overExpectedPercent: 278 });
    const [found] = detectPriceIncreases(b.snapshot, settings);
    expect(found.confidence).toBe('low');
    expect(found.confidenceReason).toContain('more than double');
  });
});

describe('tier right-sizing', () => {
  it('asks for a review of a higher tier in use, at low confidence and with nothing in the totals', () => {
    // No record shows which features a team uses: the lower tier is not known to suffice.
    const b = snapshotBuilder();
    b.confirmedCatalogEntry('google-workspace');
    const app = b.app({ name: 'Google Workspace', catalogSlug: 'google-workspace' });
    const pool = b.pool(app, { tierName: 'Business Standard', seats: 3 });
    b.seat(pool);
    b.seat(pool);
    b.idleSeats(pool, 1);
    const [found] = detectTierRightSizing(b.snapshot, settings);
    expect(found.title).toBe(
      'Review whether Google Workspace Business Starter would do instead of Business Standard',
    );
    expect(found.saving).toBeNull();
    expect(found.claims).toEqual([]);
    expect(found.savingUnavailable).toContain('A review, not a saving');
    expect(found.explanation).toContain('up to $168.00 a year at list price ($84.00 per seat)');
    expect(found.confidence).toBe('low');
  });

  it('leaves the lowest tier and unnamed tiers alone', () => {
    const b = snapshotBuilder();
    b.seat(b.pool(b.app({ catalogSlug: 'zoom' }), { tierName: 'Pro' }));
    b.seat(b.pool(b.app({ catalogSlug: 'zoom' }), { tierName: 'Standard' }));
    expect(detectTierRightSizing(b.snapshot, settings)).toEqual([]);
  });
});

describe('price above list', () => {
  it('finds a seat price above the list price billed alike; not one at list', () => {
    const b = snapshotBuilder();
    const above = b.app({ name: 'Slack', catalogSlug: 'slack', unitPriceMinor: 1000, seats: 10 });
    b.pool(above, { tierName: 'Pro', seats: 10 });
    const atList = b.app({ catalogSlug: 'slack', unitPriceMinor: 875 });
    b.pool(atList, { tierName: 'Pro' });
    const found = detectPriceAboveList(b.snapshot, settings);
    expect(found.map((o) => o.applicationIds[0])).toEqual([above.id]);
    expect(found[0].saving?.arithmetic).toBe('10 seats × ($120.00 − $105.00) a year = $150.00');
  });

  it('does not compare against a list in another currency', () => {
    const b = snapshotBuilder('EUR');
    b.pool(b.app({ catalogSlug: 'slack', unitPriceMinor: 5000 }), { tierName: 'Pro' });
    expect(detectPriceAboveList(b.snapshot, settings)).toEqual([]);
  });
});

describe('price increase', () => {
  it('finds a seat price rise above the threshold and prices it on the current seats', () => {
    const b = snapshotBuilder();
    const app = b.app({ unitPriceMinor: 1300 });
    const before = { ...b.priceChange(app).current, unitPriceMinor: 1200 };
    b.snapshot.priceChanges[0].previous = before;
    const [found] = detectPriceIncreases(b.snapshot, settings);
    expect(found.title).toBe('Tool went up 8.3%');
    expect(found.saving?.arithmetic).toBe('10 seats × $1.00 × 12 months = $120.00');
  });

  it('ignores a rise under the threshold and added seats', () => {
    const b = snapshotBuilder();
    const app = b.app({ unitPriceMinor: 1250, seats: 20 });
    const change = b.priceChange(app);
    change.previous = { ...change.current, unitPriceMinor: 1200, seats: 10 };
    expect(detectPriceIncreases(b.snapshot, settings)).toEqual([]);
  });

  it('falls back to a recent charge above the expected price, with medium confidence', () => {
    const b = snapshotBuilder();
    const app = b.app({ pricingModel: 'flat', amountMinor: 10_000 });
    b.charge(app, { amountMinor: 11_000, overExpectedPercent: 10 });
    const [found] = detectPriceIncreases(b.snapshot, settings);
    expect(found.saving?.annualMinor).toBe(12_000);
    expect(found.confidence).toBe('medium');
  });

  it('shows a charge more than double the expected price with low confidence (likely another invoice)', () => {
    const b = snapshotBuilder();
    const app = b.app({ pricingModel: 'flat', amountMinor: 10_000 });
    b.charge(app, { amountMinor: 37_800, overExpectedPercent: 278 });
    const [found] = detectPriceIncreases(b.snapshot, settings);
    expect(found.confidence).toBe('low');
    expect(found.confidenceReason).toContain('more than double');
  });
});
