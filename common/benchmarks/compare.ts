// The one comparison of a price with the catalogue's list price: the benchmark API, the negotiation
// pack and the insights detector "price above list" all call compareWithList. Only confirmed per-seat
// or flat list prices that are not stale count (plan-match's isTrustedListPrice); metered prices never
// compare. A confirmed but stale price is named as the reason ("stale_list_price"), never compared.
import type { ListPrice } from '../catalog/list-price';
import { isStalePrice } from '../catalog/price-age';
import type {
  ListPriceBenchmarkWire,
  ListPricePointWire,
  ListUnavailableReason,
} from '../contracts/benchmarks';
import { mulDivMinor } from '../money';
import { convertMinor, type ComparablePrice } from './normalise';
import { planOf, staleListPrices, type PlanPrices, type PricedCatalogApp } from './plan-match';
import type { ReferenceRates } from './reference-rates';

export interface ComparedCatalogApp extends PricedCatalogApp {
  slug: string;
}

/** A list price in `currency`, per month; null when it cannot be converted. */
export function listPointOf(
  price: ListPrice,
  currency: string,
  rates: ReferenceRates | null,
  today?: string,
): ListPricePointWire | null {
  const converted = convertMinor(price.amountMinor, price.currency, currency, rates);
  if (!converted) return null;
  return {
    period: price.period,
    perMonthMinor:
      price.period === 'year' ? mulDivMinor(converted.amountMinor, 1, 12) : converted.amountMinor,
    currency,
    sourceAmountMinor: price.amountMinor,
    sourceCurrency: price.currency,
    converted: converted.rateDate !== null,
    rateDate: converted.rateDate,
    source: price.source,
    observedOn: price.observedOn,
    checkedOn: price.checkedOn,
    confirmed: price.confirmed,
    stale: isStalePrice(price, today),
  };
}

export interface ListComparison {
  list: ListPriceBenchmarkWire | null;
  listUnavailable: ListUnavailableReason | null;
  /** The catalogue plan compared with (also when no comparison was possible). */
  plan: PlanPrices | null;
  /** The list price of one unit for a year, in the price's currency (set with `list`). */
  listYearlyMinor: number | null;
}

const unavailable = (reason: ListUnavailableReason, plan: PlanPrices | null = null): ListComparison => ({
  list: null,
  listUnavailable: reason,
  plan,
  listYearlyMinor: null,
});

// Half away from zero, like money: -6.25 → -6.3.
const oneDecimal = (n: number) => (Math.sign(n) * Math.round(Math.abs(n) * 10)) / 10 || 0;

/**
 * Our price against the list price of the plan the tier names (else the first paid plan, assumed),
 * billed alike: an annual or multi-year term against the annual-billing list price, else the monthly
 * one (the other when the plan has only one). `rates` null: no conversion, a list price in another
 * currency does not compare. `today` dates the stale rule (default: today).
 */
export function compareWithList(
  price: ComparablePrice | null,
  catalog: ComparedCatalogApp | null,
  rates: ReferenceRates | null,
  today?: string,
): ListComparison {
  if (!catalog) return unavailable('not_in_catalog');
  if (!price) return unavailable('no_price');
  const plan = planOf(catalog, price.tierName, today);
  if (!plan || plan.unit !== price.unit) {
    const stale = staleListPrices(catalog, today).some((p) => p.unit === price.unit);
    return unavailable(stale ? 'stale_list_price' : 'no_list_price', plan);
  }
  const yearly = price.term !== 'monthly';
  const chosen = (yearly ? (plan.year ?? plan.month) : (plan.month ?? plan.year))!;
  const monthly = plan.month ? listPointOf(plan.month, price.currency, rates, today) : null;
  const annual = plan.year ? listPointOf(plan.year, price.currency, rates, today) : null;
  const point = chosen.period === 'year' ? annual : monthly;
  if (!point) return unavailable('no_list_price', plan);
  const converted = convertMinor(chosen.amountMinor, chosen.currency, price.currency, rates)!;
  const listYearlyMinor = chosen.period === 'year' ? converted.amountMinor : converted.amountMinor * 12;
  const perUnit = price.perUnitYearlyMinor - listYearlyMinor;
  const units = price.unit === 'user' ? (price.seats ?? 0) : 1;
  const via = point.converted
    ? ` converted to ${price.currency} at the ${point.rateDate} reference rate`
    : '';
  const where = chosen.source ? ` on ${chosen.source.replace(/^https?:\/\//, '')}` : '';
  return {
    list: {
      catalogSlug: catalog.slug,
      plan: plan.plan,
      planMatched: plan.matched,
      unit: plan.unit === 'flat' ? 'flat' : 'user',
      monthly,
      annual,
      comparedWith: chosen.period,
      differencePercent: oneDecimal((perUnit / listYearlyMinor) * 100),
      differenceYearlyMinor: perUnit * units,
      method: `List price, ${chosen.currency}${via}, observed ${chosen.observedOn ?? 'on no known date'}${where}`,
    },
    listUnavailable: null,
    plan,
    listYearlyMinor,
  };
}
