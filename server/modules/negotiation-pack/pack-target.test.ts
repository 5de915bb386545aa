import { describe, expect, it } from 'vitest';
import type { CurrentPrice } from './current-price';
import { draftEmail } from './pack-email';
import { negotiationLevers } from './pack-levers';
import { recommendTarget, targetSeats } from './pack-target';
import type { Benchmark } from './pack-types';

type Entry = Benchmark['prices'][number];

const listPoint = (perMonthMinor: number, confirmed = true, stale = false) => ({
  period: 'month' as const,
  perMonthMinor,
  currency: 'USD',
  sourceAmountMinor: perMonthMinor,
  sourceCurrency: 'USD',
  converted: false,
  rateDate: null,
  source: 'https://vendor.example/pricing',
  observedOn: '2026-11-20',
  checkedOn: '2026-11-20',
  stale,
  confirmed,
});

/** $10 per seat per month for 20 seats; list $8.75 (confirmed); peers' median $9.00 (5 organizations). */
function price(overrides: Partial<Entry> = {}): CurrentPrice {
  const entry: Entry = {
    price: {
      tierId: 't1',
      tierName: 'Pro',
      unit: 'user',
      perMonthMinor: 1_000,
      currency: 'USD',
      seats: 20,
      seatBand: '11-50',
      term: 'monthly',
      yearlyMinor: 240_000,
    },
    list: {
      catalogSlug: 'chatapp',
      plan: 'Pro',
      planMatched: true,
      unit: 'user',
      monthly: listPoint(875),
      annual: null,
      comparedWith: 'month',
      differencePercent: 14.3,
      differenceYearlyMinor: 30_000,
      method: 'List price',
    },
    listUnavailable: null,
    peer: {
      seatBand: '11-50',
      term: 'monthly',
      unit: 'user',
      currency: 'USD',
      p25Minor: 800,
      medianMinor: 900,
      p75Minor: 1_100,
      organizations: 5,
      percentile: 70,
      computedAt: new Date('2026-11-27T02:00:00Z'),
    },
    peerUnavailable: null,
    ...overrides,
  };
  const p = entry.price;
  return {
    tierName: p.tierName,
    unit: p.unit,
    perMonthMinor: p.perMonthMinor,
    seats: p.seats,
    yearlyMinor: p.yearlyMinor,
    currency: 'USD',
    entry,
  };
}

const seats = { bought: 20, assigned: 10, activeUsers: 6, activeWindowDays: 30, hasUsageData: true };
const terms = {
  renewalDate: '2026-04-09',
  cancelByDate: '2026-03-10',
  daysToCancelBy: 12,
  noticePeriodDays: 30,
  autoRenew: true,
  billingCycle: 'monthly',
  yearlyCostMinor: 240_000,
  contractEndDate: null,
};

describe('recommendTarget', () => {
  it('takes the active seats plus the buffer, at the lowest of current, confirmed list and peer median', () => {
    const target = recommendTarget({ price: price(), seats, seatBufferPct: 10 });
    expect(target).toMatchObject({ seats: 7, perMonthMinor: 875, yearlyMinor: 875 * 12 * 7 });
    expect(target.savingYearlyMinor).toBe(240_000 - 73_500);
    expect(target.reasoning).toContain(
      'The public list price of the Pro plan, billed the same way, is $8.75 per seat per month.',
    );
    expect(target.reasoning).toContain(
      '5 organizations with 11-50 seats on monthly terms pay a median of $9.00.',
    );
  });

  it('never aims at a stale list price (observed over 12 months ago or on no known date)', () => {
    const stale = price();
    stale.entry!.list!.monthly = listPoint(500, true, true);
    const target = recommendTarget({ price: stale, seats, seatBufferPct: 20 });
    // The peers' median, not the stale $5.00 list price.
    expect(target.perMonthMinor).toBe(900);
  });

  it('ignores an unconfirmed list price, and counts assigned seats when there is no usage data', () => {
    const unconfirmed = price();
    unconfirmed.entry!.list!.monthly = listPoint(500, false);
    const target = recommendTarget({
      price: unconfirmed,
      seats: { ...seats, hasUsageData: false, activeUsers: 0 },
      seatBufferPct: 20,
    });
    // 10 assigned × 1.2 = 12 seats at the peers' $9.00.
    expect(target).toMatchObject({ seats: 12, perMonthMinor: 900 });
  });

  it('keeps at least one seat and sets no price without one', () => {
    expect(targetSeats({ ...seats, activeUsers: 0 }, 10)).toBe(1);
    expect(
      targetSeats(
        { bought: null, assigned: 0, activeUsers: 0, activeWindowDays: 30, hasUsageData: false },
        10,
      ),
    ).toBeNull();
    // 20 seats bought, none assigned: licenses are not tracked, so the 20 seats are kept.
    const untracked = recommendTarget({
      price: price(),
      seats: { bought: 20, assigned: 0, activeUsers: 0, activeWindowDays: 30, hasUsageData: false },
      seatBufferPct: 10,
    });
    expect(untracked).toMatchObject({ seats: null, yearlyMinor: 875 * 12 * 20 });
    expect(recommendTarget({ price: null, seats, seatBufferPct: 10 })).toMatchObject({
      perMonthMinor: null,
      yearlyMinor: null,
    });
  });
});

describe('levers and the draft e-mail', () => {
  it('say the figures: above list, above peers, right-sizing, and the ask', () => {
    const p = price();
    const target = recommendTarget({ price: p, seats, seatBufferPct: 10 });
    const levers = negotiationLevers({
      vendor: 'ChatApp',
      terms,
      seats,
      target,
      price: p,
      competitors: [],
      offers: [],
    });
    expect(levers.map((l) => l.kind)).toEqual([
      'timing',
      'right_size',
      'list_price',
      'peer_price',
      'volume',
      'multi_year',
    ]);
    expect(levers[2]!.text).toBe(
      'You pay 14.3% above the public list price of the Pro plan ($300.00 a year more): ask ChatApp to match list at least.',
    );
    const email = draftEmail({
      name: 'ChatApp',
      vendor: 'ChatApp',
      terms,
      seats,
      target,
      price: p,
      currency: 'USD',
      competitors: [],
    });
    expect(email.subject).toBe('ChatApp renewal: revised terms before Mar 10, 2026');
    expect(email.body).toContain('We pay $10.00 per seat per month; your public list price is $8.75.');
    expect(email.body).toContain('Comparable companies pay a median of $9.00 per seat per month.');
    expect(email.body).toContain(
      'We would like to renew 7 seats at $8.75 per seat per month ($735.00 a year).',
    );
  });
});
