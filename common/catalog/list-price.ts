// Catalogue list prices turned into an application's price terms: one rule for the add form, the
// API's catalogue prefill and the demo data, so a price never depends on where it was entered.
//
// The reference is the plan's list price as picked (the month-to-month price when the catalogue has
// one: its headline "$12 per user per month"), converted to the application's billing cycle by
// months: $12 a month is $36 a quarter and $144 a year per seat. Vendors' annual-billing discounts
// are not assumed; the user types the price actually agreed.
import { cycleMonths, type BillingCycle, type PricingModel } from '../billing';
import { mulDivMinor } from '../money';
import type { CatalogPrice } from './types';

/** A catalogue price as stored or as sent to the browser (where its currency is any code). */
export type ListPrice = Omit<CatalogPrice, 'currency' | 'usageUnit'> & {
  currency: string;
  usageUnit?: string | null;
};

/**
 * The list price to pre-fill from a catalogue entry: the first paid month-to-month price, else the
 * first paid one; in `currency` when the catalogue lists one in it. Null when the app lists no price.
 */
export function catalogListPrice<P extends ListPrice>(
  prices: readonly P[] | undefined,
  currency?: string,
): P | null {
  // A metered price ("per 1,000 contacts") is no price for a seat or an account.
  const paid = (prices ?? []).filter((p) => p.amountMinor > 0 && p.unit !== 'usage');
  const inCurrency = paid.filter((p) => p.currency === currency);
  const pool = inCurrency.length > 0 ? inCurrency : paid;
  return pool.find((p) => p.period === 'month') ?? pool[0] ?? null;
}

/** The cycle a list price is billed in when nothing else is said: yearly prices annual, else monthly. */
export const listPriceCycle = (price: Pick<CatalogPrice, 'period'>): BillingCycle =>
  price.period === 'year' ? 'annual' : 'monthly';

/**
 * One unit of a list price (one seat, or the whole account for flat prices) over one billing cycle:
 * a monthly price × months in the cycle, a yearly price ÷ 12 × months; weekly is a 52nd of a year.
 */
export function listPricePerCycle(
  price: Pick<CatalogPrice, 'amountMinor' | 'period'>,
  cycle: BillingCycle,
  intervalMonths?: number | null,
): number {
  const periodMonths = price.period === 'year' ? 12 : 1;
  const months = cycleMonths(cycle, intervalMonths);
  if (months === null) return mulDivMinor(price.amountMinor, 12, 52 * periodMonths);
  return mulDivMinor(price.amountMinor, months, periodMonths);
}

export interface ListPriceTerms {
  pricingModel: PricingModel;
  seats: number | null;
  /** Per seat per cycle (per-seat pricing only). */
  unitPriceMinor: number | null;
  /** Per cycle for flat pricing; 0 for per-seat, whose cost is seats × unit price. */
  amountMinor: number;
}

/**
 * Price terms of an application priced from a list price. A per-user price is billed per seat
 * (unit price per cycle, cost = seats × it, one seat when none is said) unless the application is
 * priced flat or by usage, which then costs seats × the per-user price; a flat list price is the
 * cost per cycle whatever the seats.
 */
export function listPriceTerms(
  price: Pick<CatalogPrice, 'amountMinor' | 'period' | 'unit'>,
  terms: {
    billingCycle: BillingCycle;
    intervalMonths?: number | null;
    pricingModel?: PricingModel;
    seats?: number | null;
  },
): ListPriceTerms {
  const perCycle = listPricePerCycle(price, terms.billingCycle, terms.intervalMonths);
  if (price.unit === 'user') {
    const seats = terms.seats ?? 1;
    const pricingModel = terms.pricingModel ?? 'per-seat';
    if (pricingModel === 'per-seat') return { pricingModel, seats, unitPriceMinor: perCycle, amountMinor: 0 };
    return { pricingModel, seats, unitPriceMinor: null, amountMinor: perCycle * seats };
  }
  // A flat list price cannot be split into seats: it stays the cost per cycle.
  const pricingModel = terms.pricingModel === 'usage' ? 'usage' : 'flat';
  return { pricingModel, seats: terms.seats ?? null, unitPriceMinor: null, amountMinor: perCycle };
}
