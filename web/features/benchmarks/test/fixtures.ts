import type {
  GroupOfferWire,
  ListPriceBenchmarkWire,
  NormalisedPriceWire,
  PeerBenchmarkWire,
  SubscriptionBenchmark,
} from '@common/contracts/benchmarks';

export const SUB_ID = '11111111-1111-4111-8111-111111111111';

export function price(overrides: Partial<NormalisedPriceWire> = {}): NormalisedPriceWire {
  return {
    tierId: null,
    tierName: null,
    unit: 'user',
    perMonthMinor: 1_475,
    currency: 'USD',
    seats: 20,
    seatBand: '11-50',
    term: 'annual',
    yearlyMinor: 354_000,
    ...overrides,
  };
}

const point = (perMonthMinor: number, period: 'month' | 'year') => ({
  period,
  perMonthMinor,
  currency: 'USD',
  sourceAmountMinor: period === 'year' ? perMonthMinor * 12 : perMonthMinor,
  sourceCurrency: 'USD',
  converted: false,
  rateDate: null,
  source: 'https://vendor.example/pricing',
  observedOn: '2026-11-20',
  checkedOn: '2026-11-20',
  stale: false,
  confirmed: true,
});

/** Slack Pro: $15 monthly, $12.50 annually (per seat per month); we pay $14.75 on annual terms. */
export function list(overrides: Partial<ListPriceBenchmarkWire> = {}): ListPriceBenchmarkWire {
  return {
    catalogSlug: 'slack',
    plan: 'Pro',
    planMatched: true,
    unit: 'user',
    monthly: point(1_500, 'month'),
    annual: point(1_250, 'year'),
    comparedWith: 'year',
    differencePercent: 18,
    differenceYearlyMinor: 54_000,
    method: 'List price, USD, observed 2026-11-20 on slack.com/pricing',
    ...overrides,
  };
}

export function peer(overrides: Partial<PeerBenchmarkWire> = {}): PeerBenchmarkWire {
  return {
    seatBand: '11-50',
    term: 'annual',
    unit: 'user',
    currency: 'USD',
    p25Minor: 1_100,
    medianMinor: 1_250,
    p75Minor: 1_400,
    organizations: 7,
    percentile: 82,
    computedAt: '2026-11-27T02:00:00.000Z',
    ...overrides,
  };
}

export function offer(overrides: Partial<GroupOfferWire> = {}): GroupOfferWire {
  return {
    id: 'offer-1',
    catalogSlug: 'slack',
    title: 'Slack Pro for Stackwise customers',
    discountPercent: 15,
    conditions: 'Annual commitment, 10 seats or more.',
    expiresOn: '2027-03-31',
    requestedAt: null,
    ...overrides,
  };
}

type Entry = SubscriptionBenchmark['prices'][number];

export function entry(overrides: Partial<Entry> = {}): Entry {
  return {
    price: price(),
    list: list(),
    listUnavailable: null,
    peer: null,
    peerUnavailable: 'plan',
    ...overrides,
  };
}

export function benchmark(overrides: Partial<SubscriptionBenchmark> = {}): SubscriptionBenchmark {
  return {
    subscriptionId: SUB_ID,
    name: 'Slack',
    catalogSlug: 'slack',
    prices: [entry()],
    selected: true,
    offers: [],
    ...overrides,
  };
}
