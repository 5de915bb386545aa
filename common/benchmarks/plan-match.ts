// The catalogue's list prices of the plan an application is on: matched by the license tier's name,
// else the catalogue's headline plan (then the match is only assumed, which lowers confidence).
// The one tier → plan rule: the benchmark API, the peer aggregation and the insights detectors use it.
import type { ListPrice } from '../catalog/list-price';
import { isStalePrice, isUsableForSavings } from '../catalog/price-age';

/** The part of a catalogue entry plan matching needs. */
export interface PricedCatalogApp {
  prices: readonly ListPrice[];
}

export interface PlanPrices {
  plan: string;
  /** The tier's name matched the plan; false when the headline plan is assumed. */
  matched: boolean;
  unit: ListPrice['unit'];
  month: ListPrice | null;
  year: ListPrice | null;
}

const norm = (s: string) => s.trim().toLowerCase();

const comparable = (p: ListPrice) => p.amountMinor > 0 && p.unit !== 'usage';

/**
 * Prices a saving or a benchmark may rest on: per seat or per account, confirmed by their source and
 * not stale on `today` (price-age.ts; default: today's date).
 */
export const isTrustedListPrice = (p: ListPrice, today?: string) => comparable(p) && isUsableForSavings(p, today);

/** Confirmed per-seat or flat prices that are stale (or of unknown age): shown as such, never trusted. */
export const staleListPrices = (catalog: PricedCatalogApp, today?: string): ListPrice[] =>
  catalog.prices.filter((p) => comparable(p) && p.confirmed && isStalePrice(p, today));

function pricesOfPlan(
  catalog: PricedCatalogApp,
  plan: string,
  matched: boolean,
  today: string | undefined,
): PlanPrices | null {
  const prices = catalog.prices.filter((p) => p.plan === plan && isTrustedListPrice(p, today));
  if (prices.length === 0) return null;
  return {
    plan,
    matched,
    unit: prices[0].unit,
    month: prices.find((p) => p.period === 'month') ?? null,
    year: prices.find((p) => p.period === 'year') ?? null,
  };
}

/** The paid plans of the catalogue entry, in its order (cheapest first, as the data files list them). */
export function paidPlans(catalog: PricedCatalogApp, today?: string): PlanPrices[] {
  const names = [...new Set(catalog.prices.filter((p) => isTrustedListPrice(p, today)).map((p) => p.plan))];
  return names
    .map((plan) => pricesOfPlan(catalog, plan, true, today))
    .filter((p): p is PlanPrices => p !== null);
}

/** The plan a tier names ("Pro", "Slack Pro seats"), or null when its name matches none. */
export function namedPlan(
  catalog: PricedCatalogApp,
  tierName: string | null,
  today?: string,
): PlanPrices | null {
  if (!tierName) return null;
  const plans = paidPlans(catalog, today);
  const tier = norm(tierName);
  return plans.find((p) => norm(p.plan) === tier) ?? plans.find((p) => tier.includes(norm(p.plan))) ?? null;
}

/** The plan named by a tier, else the catalogue's first paid plan, assumed. */
export function planOf(catalog: PricedCatalogApp, tierName: string | null, today?: string): PlanPrices | null {
  const named = namedPlan(catalog, tierName, today);
  if (named) return named;
  const [first] = paidPlans(catalog, today);
  return first ? { ...first, matched: false } : null;
}

/** A plan's yearly price per unit: the annual-billing price, else 12 × the monthly one. */
export function yearlyListMinor(plan: PlanPrices): number {
  if (plan.year) return plan.year.amountMinor;
  return (plan.month?.amountMinor ?? 0) * 12;
}
