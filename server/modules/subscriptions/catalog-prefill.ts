// What adding an application from the catalogue fills in: vendor, category, list price, URL.
import { cycleMonths, type BillingCycle, type PricingModel } from '../../../common/billing';
import type { CatalogPrice } from '../../../common/catalog/types';
import { mulDivMinor } from '../../../common/money';
import { catalogListPrice, type CatalogApp } from '../catalog/catalog-lookup';

/** A catalogue price converted to one billing cycle (a monthly price × 3 for quarterly, …). */
export function pricePerCycle(
  price: CatalogPrice,
  cycle: BillingCycle,
  intervalMonths: number | null,
): number {
  const periodMonths = price.period === 'year' ? 12 : 1;
  const months = cycleMonths(cycle, intervalMonths);
  if (months === null) return mulDivMinor(price.amountMinor, 12, 52 * periodMonths);
  return mulDivMinor(price.amountMinor, months, periodMonths);
}

export interface PriceRequest {
  billingCycle?: BillingCycle;
  intervalMonths?: number | null;
  pricingModel?: PricingModel;
  amountMinor?: number;
  unitPriceMinor?: number | null;
  seats?: number | null;
  currency?: string;
}

export interface ResolvedPrice {
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  pricingModel: PricingModel;
  amountMinor: number;
  unitPriceMinor: number | null;
  seats: number | null;
  currency: string;
}

/**
 * The price terms of a new application: what the request says, with the catalogue's list price
 * filled in when the request names no price (and no other currency than the list price's).
 */
export function resolvePrice(
  input: PriceRequest,
  app: CatalogApp | null,
  orgCurrency: string,
): ResolvedPrice {
  const base: ResolvedPrice = {
    billingCycle: input.billingCycle ?? 'monthly',
    intervalMonths: input.intervalMonths ?? null,
    pricingModel: input.pricingModel ?? 'flat',
    amountMinor: input.amountMinor ?? 0,
    unitPriceMinor: input.unitPriceMinor ?? null,
    seats: input.seats ?? null,
    currency: input.currency ?? orgCurrency,
  };
  const priceGiven = input.amountMinor !== undefined || (input.unitPriceMinor ?? null) !== null;
  const price = app && !priceGiven ? catalogListPrice(app, input.billingCycle) : null;
  if (!price || (input.currency && input.currency !== price.currency)) {
    if (base.pricingModel === 'per-seat') {
      base.seats ??= 1;
      base.unitPriceMinor ??= 0;
    }
    return base;
  }
  const billingCycle = input.billingCycle ?? (price.period === 'year' ? 'annual' : 'monthly');
  const perCycle = pricePerCycle(price, billingCycle, base.intervalMonths);
  const perSeat = price.unit === 'user' && (input.pricingModel ?? 'per-seat') === 'per-seat';
  return {
    ...base,
    billingCycle,
    currency: price.currency,
    pricingModel: perSeat
      ? 'per-seat'
      : (input.pricingModel ?? (price.unit === 'user' ? 'per-seat' : 'flat')),
    seats: perSeat ? (input.seats ?? 1) : base.seats,
    unitPriceMinor: perSeat ? perCycle : base.unitPriceMinor,
    amountMinor: perSeat ? 0 : price.unit === 'user' ? perCycle * (input.seats ?? 1) : perCycle,
  };
}
