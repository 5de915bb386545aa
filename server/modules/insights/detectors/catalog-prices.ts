// The catalogue's list prices of the plan an application is on: matched by the license tier's name,
// else the catalogue's headline plan (then the match is only assumed, which lowers confidence).
import type { ListPrice } from '../../../../common/catalog/list-price';
import type { SnapshotCatalogApp } from '../snapshot';

export interface PlanPrices {
  plan: string;
  /** The tier's name matched the plan; false when the headline plan is assumed. */
  matched: boolean;
  unit: ListPrice['unit'];
  month: ListPrice | null;
  year: ListPrice | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Prices a saving may rest on: confirmed on the vendor's page, per seat or per account. */
const trusted = (p: ListPrice) => p.amountMinor > 0 && p.confirmed && p.unit !== 'usage';

function pricesOfPlan(catalog: SnapshotCatalogApp, plan: string, matched: boolean): PlanPrices | null {
  const prices = catalog.prices.filter((p) => p.plan === plan && trusted(p));
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
export function paidPlans(catalog: SnapshotCatalogApp): PlanPrices[] {
  const names = [...new Set(catalog.prices.filter(trusted).map((p) => p.plan))];
  return names.map((plan) => pricesOfPlan(catalog, plan, true)).filter((p): p is PlanPrices => p !== null);
}

/** The plan named by a tier ("Pro", "Slack Pro seats"), else the catalogue's first paid plan, assumed. */
export function planOf(catalog: SnapshotCatalogApp, tierName: string | null): PlanPrices | null {
  const plans = paidPlans(catalog);
  if (tierName) {
    const tier = norm(tierName);
    const named = plans.find((p) => norm(p.plan) === tier) ?? plans.find((p) => tier.includes(norm(p.plan)));
    if (named) return named;
  }
  return plans[0] ? { ...plans[0], matched: false } : null;
}

/** A plan's yearly price per unit: the annual-billing price, else 12 × the monthly one. */
export function yearlyListMinor(plan: PlanPrices): number {
  if (plan.year) return plan.year.amountMinor;
  return (plan.month?.amountMinor ?? 0) * 12;
}
