// Pricing benchmarks and the renewal negotiation pack (issue 17): what an application costs against
// the catalogue's public list price and against what peers on this installation pay.
import { z } from 'zod';
import { calendarDate, instant, type Wire } from './wire';

/** Seat bands of the peer benchmark. */
export const SEAT_BANDS = ['1-10', '11-50', '51-250', '251+'] as const;
export type SeatBand = (typeof SEAT_BANDS)[number];

/** Terms of the peer benchmark: how long the price is committed for. */
export const BENCHMARK_TERMS = ['monthly', 'annual', 'multi-year'] as const;
export type BenchmarkTerm = (typeof BENCHMARK_TERMS)[number];

/** Fewest distinct organizations behind a peer figure (k-anonymity). */
export const PEER_MIN_ORGANIZATIONS = 5;

/** What one application (or one of its license tiers) pays, normalised to a month. */
export const normalisedPrice = z.object({
  /** The license tier (license pool) this price is for; null for the application's own price. */
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  /** user: per seat per month; flat: per month for the account. */
  unit: z.enum(['user', 'flat']),
  perMonthMinor: z.number(),
  currency: z.string(),
  seats: z.number().nullable(),
  seatBand: z.enum(SEAT_BANDS).nullable(),
  term: z.enum(BENCHMARK_TERMS),
  /** Yearly cost of this price, from its cycle (× seats for per-seat prices): about perMonth × 12. */
  yearlyMinor: z.number(),
});
export type NormalisedPriceWire = Wire<typeof normalisedPrice>;

/** One catalogue list price, normalised like ours and in the organization's currency. */
export const listPricePoint = z.object({
  period: z.enum(['month', 'year']),
  perMonthMinor: z.number(),
  currency: z.string(),
  /** The catalogue's own figure before conversion (amount for its period, its currency). */
  sourceAmountMinor: z.number(),
  sourceCurrency: z.string(),
  /** Converted from the catalogue's currency at the reference rate of `rateDate`. */
  converted: z.boolean(),
  rateDate: calendarDate.nullable(),
  /** The page or dataset the price was read from, and the date it shows (null: none shown). */
  source: z.string(),
  observedOn: calendarDate.nullable(),
  checkedOn: calendarDate,
  confirmed: z.boolean(),
  /** Observed over 12 months ago or on no known date (common/catalog/price-age.ts): backs no saving. */
  stale: z.boolean(),
});
export type ListPricePointWire = Wire<typeof listPricePoint>;

export const listPriceBenchmark = z.object({
  catalogSlug: z.string(),
  plan: z.string(),
  /** The tier's name matched the plan; false when the catalogue's first paid plan is assumed. */
  planMatched: z.boolean(),
  unit: z.enum(['user', 'flat']),
  monthly: listPricePoint.nullable(),
  annual: listPricePoint.nullable(),
  /** The list price billed like ours (annual terms against the annual list price, else monthly). */
  comparedWith: z.enum(['month', 'year']),
  /** (ours − list) / list × 100, one decimal; positive = paying more than list. */
  differencePercent: z.number(),
  /** (ours − list) per month × 12 × seats (or × 1 for flat); positive = paying more. */
  differenceYearlyMinor: z.number(),
  /** "List price, USD, observed 2026-03-09 on owostack.com/pricing-templates/per-seat-billing"-style note. */
  method: z.string(),
});
export type ListPriceBenchmarkWire = Wire<typeof listPriceBenchmark>;

export const peerBenchmark = z.object({
  seatBand: z.enum(SEAT_BANDS),
  term: z.enum(BENCHMARK_TERMS),
  unit: z.enum(['user', 'flat']),
  currency: z.string(),
  p25Minor: z.number(),
  medianMinor: z.number(),
  p75Minor: z.number(),
  /** Distinct organizations behind the figures (≥ PEER_MIN_ORGANIZATIONS). */
  organizations: z.number(),
  /** Where our per-month price falls among peers: 0–100. */
  percentile: z.number().nullable(),
  computedAt: instant,
});
export type PeerBenchmarkWire = Wire<typeof peerBenchmark>;

/** Why a section has no figures, in words the page shows as they are. */
export const PEER_UNAVAILABLE_REASONS = [
  'plan', // the plan lacks benchmarking data (Scale only)
  'opted_out', // the organization opted out of contributing, which hides peer data too
  'too_few_organizations', // fewer than PEER_MIN_ORGANIZATIONS contribute to the cell
  'installation_too_small', // the whole installation has too few organizations
  'not_in_catalog', // the application is not linked to the catalogue
  'no_price', // the application has no per-seat or flat price to compare
  'no_rate', // the organization's currency has no reference rate to convert the peer figures into
] as const;
export type PeerUnavailableReason = (typeof PEER_UNAVAILABLE_REASONS)[number];

export const LIST_UNAVAILABLE_REASONS = [
  'not_in_catalog',
  'no_list_price', // the catalogue has no confirmed per-seat/flat list price for this application
  'stale_list_price', // its only confirmed list price was observed over 12 months ago, or on no known date
  'no_price', // the application has no per-seat or flat price to compare
  'not_selected', // Starter: the application is not one of its benchmark tools
] as const;
export type ListUnavailableReason = (typeof LIST_UNAVAILABLE_REASONS)[number];

export const groupOffer = z.object({
  id: z.string(),
  catalogSlug: z.string(),
  title: z.string(),
  discountPercent: z.number(),
  conditions: z.string(),
  expiresOn: calendarDate.nullable(),
  /** Set when this organization asked for the offer. */
  requestedAt: instant.nullable(),
});
export type GroupOfferWire = Wire<typeof groupOffer>;

/** GET /api/benchmarks/{subscriptionId}: one application's benchmarks. */
export const subscriptionBenchmarkResponse = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  catalogSlug: z.string().nullable(),
  /** One entry per priced tier, or the application's own price. */
  prices: z.array(
    z.object({
      price: normalisedPrice,
      list: listPriceBenchmark.nullable(),
      listUnavailable: z.enum(LIST_UNAVAILABLE_REASONS).nullable(),
      peer: peerBenchmark.nullable(),
      peerUnavailable: z.enum(PEER_UNAVAILABLE_REASONS).nullable(),
    }),
  ),
  /** Starter: whether this application is one of its benchmark tools. */
  selected: z.boolean(),
  offers: z.array(groupOffer),
});
export type SubscriptionBenchmark = Wire<typeof subscriptionBenchmarkResponse>;

/** GET /api/benchmarks?catalogSlug=&tier=: a catalogue application's list (and peer) prices. */
export const catalogBenchmarkQuery = z.object({
  catalogSlug: z.string().min(1).max(100),
  tier: z.string().trim().max(200).optional(),
});
export const catalogBenchmarkResponse = z.object({
  catalogSlug: z.string(),
  name: z.string(),
  plans: z.array(
    z.object({
      plan: z.string(),
      unit: z.enum(['user', 'flat']),
      monthly: listPricePoint.nullable(),
      annual: listPricePoint.nullable(),
    }),
  ),
  peers: z.array(peerBenchmark),
  peerUnavailable: z.enum(PEER_UNAVAILABLE_REASONS).nullable(),
});
export type CatalogBenchmark = Wire<typeof catalogBenchmarkResponse>;

/** PUT /api/benchmarks/selection: Starter's benchmark tools (at most maxBenchmarkTools). */
export const benchmarkSelectionBody = z.object({ subscriptionIds: z.array(z.uuid()).max(1000) });
export const benchmarkSelectionResponse = z.object({
  subscriptionIds: z.array(z.string()),
  /** null = unlimited. */
  limit: z.number().nullable(),
});
export type BenchmarkSelection = Wire<typeof benchmarkSelectionResponse>;

/** GET/PATCH /api/benchmarks/settings: contributing to (and seeing) peer data. */
export const benchmarkSettingsSchema = z.object({ peerSharing: z.boolean() });
export type BenchmarkSettings = Wire<typeof benchmarkSettingsSchema>;

/** One renewal row's comparison for the "vs benchmark" column of /app/renewals. */
export const renewalBenchmarkSummary = z.object({
  subscriptionId: z.string(),
  /** Positive = paying more than list. Null when there is no list comparison. */
  listDifferencePercent: z.number().nullable(),
  /** Where we fall among peers (0–100), null without peer data. */
  peerPercentile: z.number().nullable(),
});
export const renewalBenchmarksResponse = z.object({ items: z.array(renewalBenchmarkSummary) });
export type RenewalBenchmarks = Wire<typeof renewalBenchmarksResponse>;

/** GET /api/renewals/{id}/pack: the negotiation pack (also ?format=md|pdf). */
export const negotiationPackResponse = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  vendorName: z.string().nullable(),
  generatedAt: instant,
  currency: z.string(),
  terms: z.object({
    renewalDate: calendarDate.nullable(),
    cancelByDate: calendarDate.nullable(),
    daysToCancelBy: z.number().nullable(),
    noticePeriodDays: z.number().nullable(),
    autoRenew: z.boolean(),
    billingCycle: z.string(),
    yearlyCostMinor: z.number(),
    contractEndDate: calendarDate.nullable(),
  }),
  /** Newest first, ending with the first price (the application page's price history). */
  priceHistory: z.array(
    z.object({
      effectiveDate: calendarDate,
      amountMinor: z.number(),
      unitPriceMinor: z.number().nullable(),
      seats: z.number().nullable(),
      billingCycle: z.string(),
      /** The monthly cost the application had from that date. */
      monthlyMinor: z.number(),
      currency: z.string(),
    }),
  ),
  seats: z.object({
    bought: z.number().nullable(),
    assigned: z.number(),
    /** Active users in the organization's activity window (server/modules/licenses/active-users.ts). */
    activeUsers: z.number(),
    /** That window, in days (Licenses → "Inactive after"). */
    activeWindowDays: z.number(),
    /** Some open seat has a recorded activity date; false = active users unknown, not zero. */
    hasUsageData: z.boolean(),
  }),
  benchmark: subscriptionBenchmarkResponse,
  opportunities: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      annualMinor: z.number().nullable(),
      /** What it counts in the Insights headline (overlaps counted once), as on its Insights card. */
      countedMinor: z.number(),
      currency: z.string(),
      state: z.string(),
    }),
  ),
  target: z.object({
    seats: z.number().nullable(),
    /** Per seat per month for per-seat prices, per month for flat ones. */
    perMonthMinor: z.number().nullable(),
    yearlyMinor: z.number().nullable(),
    savingYearlyMinor: z.number().nullable(),
    reasoning: z.array(z.string()),
  }),
  levers: z.array(
    z.object({
      kind: z.enum([
        'multi_year',
        'volume',
        'competitors',
        'timing',
        'right_size',
        'list_price',
        'peer_price',
        'group_offer',
      ]),
      text: z.string(),
    }),
  ),
  /** Alternatives in the same catalogue function, with their list prices when known. */
  competitors: z.array(
    z.object({
      catalogSlug: z.string(),
      name: z.string(),
      /** The catalogue's first paid plan, per month (a yearly price ÷ 12), in the catalogue's currency. */
      plan: z.string().nullable(),
      unit: z.enum(['user', 'flat']).nullable(),
      listPerMonthMinor: z.number().nullable(),
      currency: z.string().nullable(),
    }),
  ),
  email: z.object({ subject: z.string(), body: z.string() }),
});
export type NegotiationPack = Wire<typeof negotiationPackResponse>;

/** Operator (installation-wide) group-purchasing offers. */
export const operatorOfferBody = z.object({
  catalogSlug: z.string().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  discountPercent: z.number().gt(0).max(100),
  conditions: z.string().trim().max(2000).default(''),
  expiresOn: calendarDate.nullable().default(null),
});
export type OperatorOfferInput = z.input<typeof operatorOfferBody>;
/** An offer as the operator endpoints answer it. */
export const operatorOffer = groupOffer.omit({ requestedAt: true });
export const operatorOffersResponse = z.object({ items: z.array(operatorOffer) });
