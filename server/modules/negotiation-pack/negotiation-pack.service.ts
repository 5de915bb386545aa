// The renewal negotiation pack: one application's terms, history, seats, benchmarks and savings put
// together, with a target, the levers and a draft e-mail. Every figure is read from its owner.
import type { Pack as NegotiationPack } from './pack-types';
import { LIVE_CONTRACT_STATUSES } from '../../../common/contracts/contracts';
import { combineUtilisation, utilisationFromCounts } from '../../../common/licenses';
import { canUseFeature } from '../../../common/plans';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { getSubscriptionBenchmark } from '../benchmarks';
import { listContracts } from '../contracts';
import { loadInsightSettings, openInsightsOf } from '../insights';
import { activeUsersOf, activeWindowOf, listPools, pricingOf, seatCounts } from '../licenses';
import { viewPlanOf } from '../organizations';
import { getRenewal } from '../renewals';
import { findSubscription, priceHistory, type SubscriptionRow } from '../subscriptions';
import { findVendor } from '../vendors';
import { competitorsOf } from './competitors';
import { currentPriceOf } from './current-price';
import { draftEmail } from './pack-email';
import { negotiationLevers } from './pack-levers';
import { recommendTarget } from './pack-target';

/** Enough open opportunities for one application. */
const MAX_OPPORTUNITIES = 20;

async function termsOf(deps: ServiceDeps, ctx: RequestContext, sub: SubscriptionRow) {
  const [renewal, contracts] = await Promise.all([
    getRenewal(deps, ctx.orgId, sub.id),
    listContracts(deps.db, ctx.orgId, { subscriptionId: sub.id }),
  ]);
  const live = contracts
    .map((row) => row.contract)
    .filter((c) => LIVE_CONTRACT_STATUSES.includes(c.status))
    .sort((a, b) => (b.endDate ?? '').localeCompare(a.endDate ?? ''));
  return {
    renewalDate: renewal?.renewalDate ?? null,
    cancelByDate: renewal?.cancelByDate ?? null,
    daysToCancelBy: renewal?.daysToCancelBy ?? null,
    noticePeriodDays: sub.noticePeriodDays,
    autoRenew: sub.autoRenew,
    billingCycle: sub.billingCycle,
    yearlyCostMinor: sub.annualCostMinor,
    contractEndDate: live[0]?.endDate ?? null,
  } satisfies NegotiationPack['terms'];
}

/** Seats bought, assigned and active users: the same figures as the application page (licenses). */
async function seatsOf(deps: ServiceDeps, ctx: RequestContext, sub: SubscriptionRow) {
  const pools = await listPools(deps.db, ctx.orgId, { subscriptionId: sub.id });
  const window = activeWindowOf(ctx.org, deps.clock.now());
  const [counts, activity] = await Promise.all([
    seatCounts(
      deps.db,
      ctx.orgId,
      window.since,
      pools.map((p) => p.pool.id),
    ),
    activeUsersOf(deps.db, ctx.orgId, window, sub.id),
  ]);
  const all = combineUtilisation(
    pools.map(({ pool }) => {
      const count = counts.get(pool.id);
      return utilisationFromCounts(pricingOf(pool), count?.assigned ?? 0, count?.active ?? 0);
    }),
  );
  return {
    // Without license pools the application's own seat count is what was bought.
    bought: pools.length > 0 ? all.purchased : sub.seats,
    assigned: all.assigned,
    activeUsers: activity.activeUsers,
    activeWindowDays: window.days,
    hasUsageData: activity.hasUsageData,
  } satisfies NegotiationPack['seats'];
}

async function historyOf(deps: ServiceDeps, ctx: RequestContext, sub: SubscriptionRow) {
  const entries = await priceHistory(deps, ctx, sub.id);
  return entries.map(({ effectiveDate, to }) => ({
    effectiveDate,
    amountMinor: to.amountMinor,
    unitPriceMinor: to.unitPriceMinor,
    seats: to.seats,
    billingCycle: to.billingCycle,
    monthlyMinor: to.monthlyMinor,
    currency: to.currency,
  }));
}

/**
 * The application's open savings opportunities, exactly as Insights lists them (plans with insights;
 * none on Starter). The plan is the organization's plan now, a running trial included (the row's
 * subscription plan alone said "Starter" during a Scale trial, and the pack listed none).
 */
async function opportunitiesOf(deps: ServiceDeps, ctx: RequestContext, sub: SubscriptionRow) {
  if (!canUseFeature(viewPlanOf(ctx.org, deps.clock.now()), 'insights')) return [];
  return openInsightsOf(deps, ctx, sub.id, MAX_OPPORTUNITIES);
}

export async function getNegotiationPack(
  deps: ServiceDeps,
  ctx: RequestContext,
  subscriptionId: string,
): Promise<NegotiationPack> {
  const sub = await findSubscription(deps.db, ctx.orgId, subscriptionId);
  if (!sub) throw notFound('Application');
  const [terms, priceHistoryRows, seats, benchmark, opportunities, insight, vendorRow] = await Promise.all([
    termsOf(deps, ctx, sub),
    historyOf(deps, ctx, sub),
    seatsOf(deps, ctx, sub),
    // The benchmarks' own plan gates apply: Starter's unselected tools and Growth get no peer figures.
    getSubscriptionBenchmark(deps, ctx, sub.id),
    opportunitiesOf(deps, ctx, sub),
    loadInsightSettings(deps.db, ctx.orgId),
    sub.vendorId ? findVendor(deps.db, ctx.orgId, sub.vendorId) : Promise.resolve(null),
  ]);
  const vendorName = vendorRow?.name ?? null;
  const price = currentPriceOf(benchmark, sub);
  const competitors = competitorsOf(sub.catalogSlug, price?.currency ?? sub.currency);
  // The seats Insights sized the renewal at, when an open opportunity of the application did.
  const decision = opportunities.find((o) => o.decision?.targetSeats != null)?.decision ?? null;
  const target = recommendTarget({
    price,
    seats,
    seatBufferPct: insight.settings.seatBufferPct,
    insightSizing: decision,
  });
  const vendor = vendorName ?? sub.name;
  return {
    subscriptionId: sub.id,
    name: sub.name,
    vendorName,
    generatedAt: deps.clock.now(),
    currency: sub.currency,
    terms,
    priceHistory: priceHistoryRows,
    seats,
    benchmark,
    opportunities: opportunities.map((o) => ({
      id: o.id,
      title: o.title,
      annualMinor: o.savingMinor,
      countedMinor: o.countedMinor,
      currency: o.currency,
      state: o.state,
    })),
    target,
    levers: negotiationLevers({ vendor, terms, seats, target, price, competitors, offers: benchmark.offers }),
    competitors,
    email: draftEmail({
      name: sub.name,
      vendor,
      terms,
      seats,
      target,
      price,
      currency: sub.currency,
      competitors,
    }),
  };
}
