// Per paid application: seats bought, held and used, what they cost a month in the organization's
// currency, and what the unused ones cost; pools and seat counts come from the licenses module.
import type {
  ProductApplication,
  ProductAnalyticsQuery,
  ProductOverview,
} from '../../../common/contracts/product-analytics';
import { allocatedPartMinor } from '../../../common/allocation';
import { combineUtilisation, utilisationFromCounts, type Utilisation } from '../../../common/licenses';
import type { RequestContext, ServiceDeps } from '../../types';
import { hasAllocationFilter, sharesThrough } from '../entities';
import { convertEach } from '../fx-rates';
import {
  activeWindowOf,
  applicationActivity,
  listPools,
  pricingOf,
  seatCounts,
  unusedSeatCost,
  type ApplicationActivity,
} from '../licenses';
import { usageImportHint } from './usage-hints';

const RANKED = 3;

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));
const monthly = (yearlyMinor: number) => Math.round(yearlyMinor / 12);

interface AppParts {
  subscriptionId: string;
  name: string;
  utilisations: Utilisation[];
  costIndexes: number[];
}

export async function getOverview(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ProductAnalyticsQuery,
): Promise<ProductOverview> {
  const now = deps.clock.now();
  const currency = ctx.org.currency;
  const window = activeWindowOf(ctx.org, now);
  const pools = (await listPools(deps.db, ctx.orgId, query)).filter((p) => p.pool.unitPriceMinor > 0);
  const poolIds = pools.map((p) => p.pool.id);
  const counts = await seatCounts(deps.db, ctx.orgId, window.since, poolIds);
  const activity = await applicationActivity(deps.db, ctx.orgId, window, { poolIds });
  const unused = await unusedSeatCost(deps, ctx, query);

  // Each pool's monthly cost, converted one by one (tiers may differ in currency).
  const amounts: Array<{ currency: string; amountMinor: number }> = [];
  const apps = new Map<string, AppParts>();
  for (const { pool, subscriptionName } of pools) {
    const count = counts.get(pool.id);
    const utilisation = utilisationFromCounts(pricingOf(pool), count?.assigned ?? 0, count?.active ?? 0);
    const parts = apps.get(pool.subscriptionId) ?? {
      subscriptionId: pool.subscriptionId,
      name: subscriptionName,
      utilisations: [],
      costIndexes: [],
    };
    parts.utilisations.push(utilisation);
    parts.costIndexes.push(amounts.length);
    amounts.push({ currency: pool.currency, amountMinor: monthly(utilisation.yearlyCostMinor) });
    apps.set(pool.subscriptionId, parts);
  }
  // Cut by entity/brand, each pool's money counts its allocated share (its own, else its
  // application's): converted whole, then split, so the entities add up to the whole.
  const shares = hasAllocationFilter(query)
    ? await sharesThrough(
        deps.db,
        ctx.orgId,
        { own: 'license_pool', parent: 'subscription' },
        pools.map(({ pool }) => ({ id: pool.id, parentId: pool.subscriptionId })),
      )
    : null;
  const whole = await convertEach(deps.db, ctx.orgId, amounts, currency, window.today);
  const poolAt = pools.map(({ pool }) => pool.id);
  const converted = shares
    ? whole.map((minor, i) =>
        minor === null ? null : allocatedPartMinor(minor, shares.get(poolAt[i]!) ?? [], query),
      )
    : whole;
  const unconverted = new Set(amounts.filter((_, i) => converted[i] === null).map((a) => a.currency));
  const applications = [...apps.values()].map((parts) =>
    present(parts, converted, activity.get(parts.subscriptionId), unused.monthlyByApplication),
  );
  return {
    currency,
    inactivityDays: ctx.org.licenseInactivityDays,
    applications,
    totals: { ...totalsOf(applications), unusedCostMinor: unused.monthlyMinor },
    ...ranking(applications),
    noUsageData: applications
      .filter((a) => !a.hasUsageData && a.assigned > 0)
      .map((a) => ({
        subscriptionId: a.subscriptionId,
        name: a.name,
        assigned: a.assigned,
        hint: usageImportHint(a.name),
      })),
    unconvertedCurrencies: [...new Set([...unconverted, ...unused.unconvertedCurrencies])].sort(),
  };
}

function sumOrNull(values: Array<number | null>): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((t, v) => t + (v ?? 0), 0);
}

function present(
  parts: AppParts,
  converted: Array<number | null>,
  activity: ApplicationActivity | undefined,
  unusedMonthly: ReadonlyMap<string, number | null>,
): ProductApplication {
  const u = combineUtilisation(parts.utilisations);
  const monthlyCostMinor = sumOrNull(parts.costIndexes.map((i) => converted[i] ?? null));
  // Active users: distinct people (one person may hold seats of two tiers of an application).
  const active = activity?.activeUsers ?? 0;
  return {
    subscriptionId: parts.subscriptionId,
    name: parts.name,
    purchased: u.purchased,
    assigned: u.assigned,
    active,
    activePct: percent(active, u.assigned),
    assignedPct: u.purchased === null ? null : percent(u.assigned, u.purchased),
    usagePct: percent(active, u.purchased ?? u.assigned),
    monthlyCostMinor,
    costPerActiveMinor:
      monthlyCostMinor === null || active === 0 ? null : Math.round(monthlyCostMinor / active),
    unusedCostMinor: unusedMonthly.has(parts.subscriptionId) ? unusedMonthly.get(parts.subscriptionId)! : 0,
    hasUsageData: activity?.hasUsageData ?? false,
    overAssignedBy: u.overAssignedBy,
  };
}

function totalsOf(applications: ProductApplication[]): ProductOverview['totals'] {
  const sum = (pick: (a: ProductApplication) => number) => applications.reduce((t, a) => t + pick(a), 0);
  const purchased = sum((a) => a.purchased ?? a.assigned);
  const assigned = sum((a) => a.assigned);
  const active = sum((a) => a.active);
  const monthlyCostMinor = sum((a) => a.monthlyCostMinor ?? 0);
  return {
    purchased,
    assigned,
    active,
    activePct: percent(active, assigned),
    assignedPct: percent(assigned, purchased),
    usagePct: percent(active, purchased),
    monthlyCostMinor,
    unusedCostMinor: sum((a) => a.unusedCostMinor ?? 0),
    costPerActiveMinor: active === 0 ? null : Math.round(monthlyCostMinor / active),
  };
}

/** Least and most used by active ÷ paid seats, among applications whose usage is known. */
function ranking(applications: ProductApplication[]) {
  const known = applications
    .filter((a) => a.hasUsageData && a.usagePct !== null)
    .map((a) => ({ subscriptionId: a.subscriptionId, name: a.name, usagePct: a.usagePct! }));
  const ascending = [...known].sort((a, b) => a.usagePct - b.usagePct || a.name.localeCompare(b.name));
  const descending = [...known].sort((a, b) => b.usagePct - a.usagePct || a.name.localeCompare(b.name));
  return { leastUsed: ascending.slice(0, RANKED), mostUsed: descending.slice(0, RANKED) };
}
