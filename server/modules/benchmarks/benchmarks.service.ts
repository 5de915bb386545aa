// Benchmarks (issue 17): an application's price against the catalogue's list price and against what
// peers on this installation pay. Requests read the organization's own rows and the aggregate only.
import { listPointOf } from '../../../common/benchmarks/compare';
import { peerCellKey } from '../../../common/benchmarks/peer';
import { namedPlan, paidPlans } from '../../../common/benchmarks/plan-match';
import { REFERENCE_RATES } from '../../../common/benchmarks/reference-rates';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { isUnlimited, planLimit } from '../../../common/plans';
import { AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { assertWithinLimit } from '../billing';
import { effectivePlanOf, viewPlanOf } from '../organizations';
import { listRenewalRows } from '../renewals';
import {
  benchmarkOf,
  comparedCatalogApp,
  peerFigures,
  peerGate,
  type BenchmarkContext,
  type SubscriptionBenchmarkOut,
} from './benchmark-view';
import {
  findSubscriptions,
  latestRun,
  offersFor,
  peerCellsOf,
  poolsOf,
  saveSettings,
  settingsOf,
  type SubscriptionRow,
} from './benchmarks.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'role' | 'org'>;

/** Everything the benchmarks of some applications need, in a fixed number of queries. */
async function benchmarksOf(deps: ServiceDeps, ctx: Ctx, apps: readonly SubscriptionRow[]) {
  const now = deps.clock.now();
  const slugs = [...new Set(apps.map((a) => a.catalogSlug).filter((s): s is string => !!s))];
  const [pools, settings, run, cells, offers] = await Promise.all([
    poolsOf(
      deps.db,
      ctx.orgId,
      apps.map((a) => a.id),
    ),
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
    offers: offers.map((o) => ({
      ...o,
      discountPercent: Number(o.discountPercent),
      requestedAt: o.requestedAt ?? null,
    })),
  };
  const poolsByApp = new Map<string, typeof pools>();
  for (const pool of pools)
    poolsByApp.set(pool.subscriptionId, [...(poolsByApp.get(pool.subscriptionId) ?? []), pool]);
  return apps.map((app) => benchmarkOf(app, poolsByApp.get(app.id) ?? [], context));
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

/** GET /api/benchmarks?catalogSlug=&tier=: a catalogue application's list prices (and peer figures). */
export async function getCatalogBenchmark(
  deps: ServiceDeps,
  ctx: Ctx,
  query: { catalogSlug: string; tier?: string },
) {
  const catalog = comparedCatalogApp(query.catalogSlug);
  if (!catalog) throw new AppError('not_found', 'This application is not in the catalogue');
  const now = deps.clock.now();
  const { currency } = ctx.org;
  const tierPlan = query.tier ? namedPlan(catalog, query.tier) : null;
  const plans = (tierPlan ? [tierPlan] : paidPlans(catalog)).map((p) => ({
    plan: p.plan,
    unit: p.unit === 'flat' ? ('flat' as const) : ('user' as const),
    monthly: p.month ? listPointOf(p.month, currency, REFERENCE_RATES) : null,
    annual: p.year ? listPointOf(p.year, currency, REFERENCE_RATES) : null,
  }));
  const [settings, run, cells] = await Promise.all([
    settingsOf(deps.db, ctx.orgId),
    latestRun(deps.db),
    peerCellsOf(deps.db, [catalog.slug]),
  ]);
  const gate = peerGate({
    plan: viewPlanOf(ctx.org, now),
    peerSharing: settings.peerSharing,
    contributors: run?.contributors ?? null,
  });
  const wanted = query.tier ? cells.filter((c) => c.plan === (tierPlan?.plan ?? '')) : cells;
  const peers = gate ? [] : wanted.map((c) => peerFigures(c, currency)).filter((p) => p !== null);
  return {
    catalogSlug: catalog.slug,
    name: catalog.name,
    plans,
    peers,
    peerUnavailable: gate ?? (peers.length ? null : wanted.length ? 'no_rate' : 'too_few_organizations'),
  } as const;
}

/** Settings: peer sharing (default on). */
export async function getSettings(deps: ServiceDeps, ctx: Ctx) {
  const { peerSharing } = await settingsOf(deps.db, ctx.orgId);
  return { peerSharing };
}

export async function patchSettings(deps: ServiceDeps, ctx: Ctx, input: { peerSharing: boolean }) {
  await saveSettings(deps.db, ctx.orgId, { peerSharing: input.peerSharing });
  return getSettings(deps, ctx);
}

/** The benchmark tools and the plan's limit (null: every application is benchmarked). */
export async function getSelection(deps: ServiceDeps, ctx: Ctx) {
  const plan = effectivePlanOf(ctx.org, deps.clock.now());
  const limit = planLimit(plan, 'benchmarkTools');
  const { selectedSubscriptionIds } = await settingsOf(deps.db, ctx.orgId);
  return { subscriptionIds: selectedSubscriptionIds, limit: isUnlimited(limit) ? null : limit };
}

/**
 * PUT /api/benchmarks/selection: replaces the benchmark tools. Every id must be one of the
 * organization's applications (else 404, nothing stored); more than the plan allows → 403 plan_limit.
 */
export async function putSelection(deps: ServiceDeps, ctx: Ctx, input: { subscriptionIds: string[] }) {
  const ids = [...new Set(input.subscriptionIds)];
  const found = await findSubscriptions(deps.db, ctx.orgId, ids);
  if (found.length !== ids.length) throw new AppError('not_found', 'Application not found');
  if (ids.length > 0) assertWithinLimit(ctx.org, deps.clock.now(), 'benchmarkTools', ids.length - 1);
  await saveSettings(deps.db, ctx.orgId, { selectedSubscriptionIds: ids });
  return getSelection(deps, ctx);
}
