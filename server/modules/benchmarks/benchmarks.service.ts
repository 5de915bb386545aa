// Benchmarks (issue 17): an application's price against the catalogue's list price and against what
// peers on this installation pay. Requests read the organization's own rows and the aggregate only.
import { addDays, todayInTimeZone } from '../../../common/dates';
import { AppError } from '../../errors';
import { listRenewalRows } from '../renewals';
import { viewPlanOf } from '../organizations';
import type { RequestContext, ServiceDeps } from '../../types';
import { benchmarkOf, type BenchmarkContext, type SubscriptionBenchmarkOut } from './benchmark-view';
import { peerCellKey } from '../../../common/benchmarks/peer';
import {
  findSubscriptions,
  latestRun,
  offersFor,
  peerCellsOf,
  poolsOf,
  settingsOf,
  type SubscriptionRow,
} from './benchmarks.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'role' | 'org'>;

/** Everything the benchmarks of some applications need, in a fixed number of queries. */
async function benchmarksOf(deps: ServiceDeps, ctx: Ctx, apps: readonly SubscriptionRow[]) {
  const now = deps.clock.now();
  const slugs = [...new Set(apps.map((a) => a.catalogSlug).filter((s): s is string => !!s))];
  const [pools, settings, run, cells, offers] = await Promise.all([
    poolsOf(deps.db, ctx.orgId, apps.map((a) => a.id)),
    settingsOf(deps.db, ctx.orgId),
    latestRun(deps.db),
    peerCellsOf(deps.db, slugs),
    offersFor(deps.db, ctx.orgId, slugs, todayInTimeZone(now)),
  ]);
  const context: BenchmarkContext = {
    plan: viewPlanOf(ctx.org, now),
    currency: ctx.org.currency,
    peerSharing: settings.peerSharing,
    selectedSubscriptionIds: settings.selectedSubscriptionIds,
    contributors: run?.contributors ?? null,
    cells: new Map(cells.map((c) => [peerCellKey(c), c])),
    offers: offers.map((o) => ({ ...o, discountPercent: Number(o.discountPercent), requestedAt: o.requestedAt ?? null })),
  };
  return apps.map((app) =>
    benchmarkOf(
      app,
      pools.filter((p) => p.subscriptionId === app.id),
      context,
    ),
  );
}

/** GET /api/benchmarks/{id}; also the negotiation pack's benchmark section. 404 for another organization's id. */
export async function getSubscriptionBenchmark(
  deps: ServiceDeps,
  ctx: Ctx,
  subscriptionId: string,
): Promise<SubscriptionBenchmarkOut> {
  const [app] = await findSubscriptions(deps.db, ctx.orgId, [subscriptionId]);
  if (!app) throw new AppError('not_found', 'Application not found');
  const [benchmark] = await benchmarksOf(deps, ctx, [app]);
  return benchmark;
}

/** GET /api/benchmarks/renewals?window=: the "vs benchmark" column, one row per renewal in the window. */
export async function getRenewalBenchmarks(deps: ServiceDeps, ctx: Ctx, window: number) {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await listRenewalRows(deps.db, ctx.orgId, { until: addDays(today, window) });
  const benchmarks = await benchmarksOf(
    deps,
    ctx,
    rows.map((r) => r.subscription as SubscriptionRow),
  );
  return {
    items: benchmarks.map((b) => {
      const compared = b.prices.filter((p) => p.list);
      const placed = b.prices.filter((p) => p.peer?.percentile != null);
      return {
        subscriptionId: b.subscriptionId,
        listDifferencePercent: compared.length ? weightedPercent(compared) : null,
        peerPercentile: placed.length ? Math.round(avg(placed.map((p) => p.peer!.percentile!))) : null,
      };
    }),
  };
}

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// Several tiers: the yearly difference over the yearly list cost, so a big tier weighs more.
function weightedPercent(prices: SubscriptionBenchmarkOut['prices']): number {
  if (prices.length === 1) return prices[0].list!.differencePercent;
  let diff = 0;
  let ours = 0;
  for (const p of prices) {
    diff += p.list!.differenceYearlyMinor;
    ours += p.price.yearlyMinor;
  }
  const list = ours - diff;
  return list > 0 ? Math.round((diff / list) * 1000) / 10 : 0;
}
