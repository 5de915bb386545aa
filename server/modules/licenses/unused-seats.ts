// Unused-seat cost (issue 31: one function). What the organization pays for seats nobody holds or
// nobody used in the activity window, in the organization's currency:
//
//   monthly = Σ over priced license pools of (unassigned + inactive seats) × the seat's price a
//             month (its yearly price ÷ 12, rounded once per pool: `unusedSeatMonthlyMinor`),
//             each pool converted at today's rate;
//   yearly  = monthly × 12, exactly (never summed separately, so the two always agree to the cent).
//
// Pools in a currency without a rate are left out and named in `unconvertedCurrencies`. Product
// analytics (per application and total, a month) and the executive summary (a year) read it.
import type { AllocationFilter } from '../../../common/contracts/entities';
import {
  unusedSeatMonthlyMinor,
  unusedSeatYearlyMinor,
  utilisationFromCounts,
} from '../../../common/licenses';
import type { RequestContext, ServiceDeps } from '../../types';
import { allocatedPartMinor } from '../../../common/allocation';
import { hasAllocationFilter, sharesThrough } from '../entities';
import { convertEach } from '../fx-rates';
import { activeWindowOf } from './active-users.repo';
import { listPools, seatCounts } from './licenses.repo';
import { pricingOf } from './present';

export interface UnusedSeatCost {
  currency: string;
  monthlyMinor: number;
  /** monthlyMinor × 12. */
  yearlyMinor: number;
  /** Per application (subscription id): its unused seats a month, null when a currency has no rate. */
  monthlyByApplication: Map<string, number | null>;
  unconvertedCurrencies: string[];
}

export async function unusedSeatCost(
  deps: ServiceDeps,
  ctx: RequestContext,
  filter: AllocationFilter = {},
): Promise<UnusedSeatCost> {
  const now = deps.clock.now();
  const window = activeWindowOf(ctx.org, now);
  const pools = (await listPools(deps.db, ctx.orgId, filter)).filter((p) => p.pool.unitPriceMinor > 0);
  const counts = await seatCounts(
    deps.db,
    ctx.orgId,
    window.since,
    pools.map((p) => p.pool.id),
  );
  const amounts = pools.map(({ pool }) => {
    const count = counts.get(pool.id);
    const utilisation = utilisationFromCounts(pricingOf(pool), count?.assigned ?? 0, count?.active ?? 0);
    return { currency: pool.currency, amountMinor: unusedSeatMonthlyMinor(utilisation) };
  });
  const currency = ctx.org.currency;
  const whole = await convertEach(deps.db, ctx.orgId, amounts, currency, window.today);
  // Cut by entity/brand, each pool counts its allocated share (its own, else its application's):
  // converted whole, then split, so the entities add up to the whole (as product analytics' costs).
  const shares = hasAllocationFilter(filter)
    ? await sharesThrough(
        deps.db,
        ctx.orgId,
        { own: 'license_pool', parent: 'subscription' },
        pools.map(({ pool }) => ({ id: pool.id, parentId: pool.subscriptionId })),
      )
    : null;
  const converted = shares
    ? whole.map((minor, i) =>
        minor === null ? null : allocatedPartMinor(minor, shares.get(pools[i]!.pool.id) ?? [], filter),
      )
    : whole;
  const monthlyByApplication = new Map<string, number | null>();
  let monthlyMinor = 0;
  const unconverted = new Set<string>();
  pools.forEach(({ pool }, i) => {
    const value = converted[i] ?? null;
    const before = monthlyByApplication.has(pool.subscriptionId)
      ? monthlyByApplication.get(pool.subscriptionId)!
      : 0;
    if (value === null) unconverted.add(pool.currency);
    else monthlyMinor += value;
    monthlyByApplication.set(pool.subscriptionId, value === null || before === null ? null : before + value);
  });
  return {
    currency,
    monthlyMinor,
    yearlyMinor: unusedSeatYearlyMinor(monthlyMinor),
    monthlyByApplication,
    unconvertedCurrencies: [...unconverted].sort(),
  };
}
