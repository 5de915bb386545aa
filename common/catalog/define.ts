// Small builders that keep the data files short and uniform.
import type {
  CatalogApp,
  CatalogAppInput,
  CatalogCategory,
  CatalogCurrency,
  CatalogPrice,
  CatalogPriceInput,
} from './types';

/** An entry's prices stamped with their source, its dates and whether the source confirmed them. */
function stampPrices(app: CatalogAppInput): CatalogPrice[] | undefined {
  if (!app.prices) return undefined;
  const { source = '', observedOn = null, checkedOn = '', confirmed = false } = app.pricing ?? {};
  return app.prices.map((p) => ({
    ...p,
    source,
    observedOn,
    checkedOn,
    confirmed: confirmed && p.confirmed !== false,
  }));
}

/** Stamps one category on every entry of a data file. */
export function inCategory(category: CatalogCategory, apps: CatalogAppInput[]): CatalogApp[] {
  return apps.map((app) => ({ ...app, category, prices: stampPrices(app) }));
}

function plan(
  unit: 'user' | 'flat',
  name: string,
  monthlyMinor: number | null,
  yearlyMinor: number | null,
  currency: CatalogCurrency,
): CatalogPriceInput[] {
  const prices: CatalogPriceInput[] = [];
  if (monthlyMinor !== null)
    prices.push({ plan: name, unit, period: 'month', amountMinor: monthlyMinor, currency });
  if (yearlyMinor !== null)
    prices.push({ plan: name, unit, period: 'year', amountMinor: yearlyMinor, currency });
  return prices;
}

/**
 * Per-seat list prices of one plan: the month-to-month price and the full-year price when billed
 * annually (write it as `12 * perMonth` so the advertised monthly figure stays visible). `null` = not offered.
 */
export function perUser(
  name: string,
  monthlyMinor: number | null,
  yearlyMinor: number | null,
  currency: CatalogCurrency = 'USD',
): CatalogPriceInput[] {
  return plan('user', name, monthlyMinor, yearlyMinor, currency);
}

/** Flat (per account) list prices of one plan, same conventions as `perUser`. */
export function flat(
  name: string,
  monthlyMinor: number | null,
  yearlyMinor: number | null,
  currency: CatalogCurrency = 'USD',
): CatalogPriceInput[] {
  return plan('flat', name, monthlyMinor, yearlyMinor, currency);
}

/** A metered price: `amountMinor` per `usageUnit` ("1,000 contacts", "GB ingested") per month. */
export function usage(
  name: string,
  amountMinor: number,
  usageUnit: string,
  currency: CatalogCurrency = 'USD',
): CatalogPriceInput[] {
  return [{ plan: name, unit: 'usage', period: 'month', amountMinor, currency, usageUnit }];
}

/** Prices the source could not confirm (quoted elsewhere, or a page that changed): kept, not trusted. */
export function unconfirmed(prices: CatalogPriceInput[]): CatalogPriceInput[] {
  return prices.map((p) => ({ ...p, confirmed: false }));
}
