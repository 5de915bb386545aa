// Small builders that keep the data files short and uniform.
import type { CatalogApp, CatalogAppInput, CatalogCategory, CatalogPrice } from './types';

/** Stamps one category on every entry of a data file. */
export function inCategory(category: CatalogCategory, apps: CatalogAppInput[]): CatalogApp[] {
  return apps.map((app) => ({ ...app, category }));
}

function plan(
  unit: CatalogPrice['unit'],
  name: string,
  monthlyMinor: number | null,
  yearlyMinor: number | null,
): CatalogPrice[] {
  const prices: CatalogPrice[] = [];
  if (monthlyMinor !== null) {
    prices.push({ plan: name, unit, period: 'month', amountMinor: monthlyMinor, currency: 'USD' });
  }
  if (yearlyMinor !== null) {
    prices.push({ plan: name, unit, period: 'year', amountMinor: yearlyMinor, currency: 'USD' });
  }
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
): CatalogPrice[] {
  return plan('user', name, monthlyMinor, yearlyMinor);
}

/** Flat (per account) list prices of one plan, same conventions as `perUser`. */
export function flat(name: string, monthlyMinor: number | null, yearlyMinor: number | null): CatalogPrice[] {
  return plan('flat', name, monthlyMinor, yearlyMinor);
}
