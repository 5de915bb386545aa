// What adding an application from the catalogue fills in: vendor, category, list price, URL.
import type { BillingCycle, PricingModel } from '../../../common/billing';
import { listPriceCycle, listPriceTerms } from '../../../common/catalog/list-price';
import { type CatalogApp, catalogListPrice } from '../catalog';

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
 * (converted to the cycle, times the seats) filled in when the request names no price and no other
 * currency than the list price's — the same rule the add form applies (common/catalog/list-price).
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
  const price = app && !priceGiven ? catalogListPrice(app.prices, input.currency ?? orgCurrency) : null;
  if (!price || (input.currency && input.currency !== price.currency)) {
    if (base.pricingModel === 'per-seat') {
      base.seats ??= 1;
      base.unitPriceMinor ??= 0;
    }
    return base;
  }
  const billingCycle = input.billingCycle ?? listPriceCycle(price);
  return {
    ...base,
    billingCycle,
    currency: price.currency,
    ...listPriceTerms(price, {
      billingCycle,
      intervalMonths: base.intervalMonths,
      pricingModel: input.pricingModel,
      seats: input.seats,
    }),
  };
}
