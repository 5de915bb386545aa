// One application's benchmarks from what the service loaded: pure, so one request can build many
// (the renewals page) from a handful of queries.
import { compareWithList, type ComparedCatalogApp } from '../../../common/benchmarks/compare';
import {
  convertMinor,
  normalisePrice,
  termOf,
  toNormalisedPriceWire,
  type ComparablePrice,
  type PriceTermsInput,
} from '../../../common/benchmarks/normalise';
import { percentileAmong, peerCellKey } from '../../../common/benchmarks/peer';
import { namedPlan } from '../../../common/benchmarks/plan-match';
import { REFERENCE_RATES } from '../../../common/benchmarks/reference-rates';
import type { BillingCycle } from '../../../common/billing';
import { findCatalogApp } from '../../../common/catalog';
import {
  PEER_MIN_ORGANIZATIONS,
  type PeerUnavailableReason,
  type subscriptionBenchmarkResponse,
} from '../../../common/contracts/benchmarks';
import { isUnlimited, planLimit, PLANS, type PlanId } from '../../../common/plans';
import type { z } from 'zod';
import type { PeerCellRow, SubscriptionRow } from './benchmarks.repo';

export type SubscriptionBenchmarkOut = z.output<typeof subscriptionBenchmarkResponse>;
type PriceEntry = SubscriptionBenchmarkOut['prices'][number];
type PeerOut = NonNullable<PriceEntry['peer']>;

/** The currency the aggregate is computed in; cells are converted back for each organization. */
export const AGGREGATE_CURRENCY = 'USD';

export interface PoolPrice {
  id: string;
  subscriptionId: string;
  tierName: string;
  seats: number | null;
  unitPriceMinor: number;
  billingCycle: string;
  intervalMonths: number | null;
  currency: string;
  assigned: number;
}

export interface BenchmarkContext {
  plan: PlanId;
  currency: string;
  peerSharing: boolean;
  selectedSubscriptionIds: readonly string[];
  /** Contributors of the last aggregation; null before the first. */
  contributors: number | null;
  cells: Map<string, PeerCellRow>;
  offers: SubscriptionBenchmarkOut['offers'];
}

/** Each priced tier of the application, else its own price. */
export function priceInputsOf(app: SubscriptionRow, pools: readonly PoolPrice[]): PriceTermsInput[] {
  if (pools.length > 0) {
    return pools.map((p) => ({
      tierId: p.id,
      tierName: p.tierName,
      pricingModel: 'per-seat',
      amountMinor: null,
      unitPriceMinor: p.unitPriceMinor,
      seats: p.seats ?? p.assigned,
      billingCycle: p.billingCycle as BillingCycle,
      intervalMonths: p.intervalMonths,
      currency: p.currency,
    }));
  }
  return [
    {
      tierId: null,
      tierName: null,
      pricingModel: app.pricingModel,
      amountMinor: app.amountMinor,
      unitPriceMinor: app.unitPriceMinor,
      seats: app.seats,
      billingCycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      currency: app.currency,
    },
  ];
}

export function comparedCatalogApp(slug: string | null): (ComparedCatalogApp & { name: string }) | null {
  const app = slug ? findCatalogApp(slug) : undefined;
  if (!app) return null;
  return { slug: app.slug, name: app.name, prices: app.prices ?? [] };
}

/** Whether the plan sees peer figures, and why not. */
export function peerGate(
  ctx: Pick<BenchmarkContext, 'plan' | 'peerSharing' | 'contributors'>,
): PeerUnavailableReason | null {
  // Peer data is Scale's "Benchmarking data"; Starter lacks "Full benchmarks" altogether.
  const { benchmarkingData, fullBenchmarks } = PLANS[ctx.plan].limitations;
  if (benchmarkingData || fullBenchmarks) return 'plan';
  if (!ctx.peerSharing) return 'opted_out';
  if (ctx.contributors === null || ctx.contributors < PEER_MIN_ORGANIZATIONS) return 'installation_too_small';
  return null;
}

/** A cell's figures in the organization's currency (percentile null); null when there is no rate. */
export function peerFigures(cell: PeerCellRow, currency: string): PeerOut | null {
  const back = (minor: number) =>
    convertMinor(minor, cell.currency, currency, REFERENCE_RATES)?.amountMinor ?? null;
  const p25 = back(cell.p25Minor);
  const median = back(cell.medianMinor);
  const p75 = back(cell.p75Minor);
  if (p25 === null || median === null || p75 === null) return null;
  return {
    seatBand: cell.seatBand,
    term: cell.term,
    unit: cell.unit,
    currency,
    p25Minor: p25,
    medianMinor: median,
    p75Minor: p75,
    organizations: cell.organizations,
    percentile: null,
    computedAt: cell.computedAt,
  };
}

/** A cell's figures with our price placed among them. */
export function peerOf(cell: PeerCellRow, ours: ComparablePrice, currency: string): PeerOut | null {
  const figures = peerFigures(cell, currency);
  const oursInCell = convertMinor(ours.perMonthMinor, currency, cell.currency, REFERENCE_RATES);
  if (!figures || !oursInCell) return null;
  return { ...figures, percentile: percentileAmong(oursInCell.amountMinor, cell.deciles.map(Number)) };
}

function peerFor(
  app: SubscriptionRow,
  catalog: ComparedCatalogApp | null,
  price: ComparablePrice | null,
  ctx: BenchmarkContext,
): Pick<PriceEntry, 'peer' | 'peerUnavailable'> {
  const none = (reason: PeerUnavailableReason) => ({ peer: null, peerUnavailable: reason });
  const gate = peerGate(ctx);
  if (gate) return none(gate);
  if (!catalog || !app.catalogSlug) return none('not_in_catalog');
  if (!price || !price.seatBand) return none('no_price');
  const key = peerCellKey({
    catalogSlug: catalog.slug,
    plan: namedPlan(catalog, price.tierName)?.plan ?? '',
    seatBand: price.seatBand,
    term: price.term,
    unit: price.unit,
  });
  const cell = ctx.cells.get(key);
  if (!cell) return none('too_few_organizations');
  const peer = peerOf(cell, price, ctx.currency);
  return peer ? { peer, peerUnavailable: null } : none('no_rate');
}

/** One application's benchmark response. */
export function benchmarkOf(
  app: SubscriptionRow,
  pools: readonly PoolPrice[],
  ctx: BenchmarkContext,
): SubscriptionBenchmarkOut {
  const catalog = comparedCatalogApp(app.catalogSlug);
  // Starter (a limited number of benchmark tools): only the applications it chose.
  const limited = !isUnlimited(planLimit(ctx.plan, 'benchmarkTools'));
  const selected = !limited || ctx.selectedSubscriptionIds.includes(app.id);
  const prices = priceInputsOf(app, pools).map((input): PriceEntry => {
    const price = normalisePrice(input, ctx.currency, REFERENCE_RATES);
    const wire = price ? toNormalisedPriceWire(price) : unpricedWire(input, ctx.currency);
    if (!selected) {
      return {
        price: wire,
        list: null,
        listUnavailable: 'not_selected',
        peer: null,
        peerUnavailable: 'plan',
      };
    }
    const { list, listUnavailable } = compareWithList(price, catalog, REFERENCE_RATES);
    return { price: wire, list, listUnavailable, ...peerFor(app, catalog, price, ctx) };
  });
  const groupPurchasing = !PLANS[ctx.plan].limitations.groupPurchasing;
  return {
    subscriptionId: app.id,
    name: app.name,
    catalogSlug: app.catalogSlug,
    prices,
    selected,
    offers: groupPurchasing ? ctx.offers.filter((o) => o.catalogSlug === app.catalogSlug) : [],
  };
}

// A price that cannot be normalised (usage, none, no rate) is still listed, at zero, with its reason.
function unpricedWire(input: PriceTermsInput, currency: string): PriceEntry['price'] {
  return {
    tierId: input.tierId,
    tierName: input.tierName,
    unit: input.pricingModel === 'per-seat' ? 'user' : 'flat',
    perMonthMinor: 0,
    currency,
    seats: input.seats,
    seatBand: null,
    term: termOf(input.billingCycle),
    yearlyMinor: 0,
  };
}
