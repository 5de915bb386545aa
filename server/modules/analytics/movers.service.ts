// Movers (Growth): per application, the range's spend against the period of equal length just
// before it; the largest increases and decreases.
import type { z } from 'zod';
import { previousRange } from '../../../common/analytics-range';
import type { AnalyticsMoversResponse, analyticsRangeQuery } from '../../../common/contracts/analytics';
import type { RequestContext, ServiceDeps } from '../../types';
import { labelsFor } from './labels';
import { resolveRange, scopeOf } from './range';
import { actualSpend } from './spend.repo';

export type RangeQuery = z.output<typeof analyticsRangeQuery>;
type Mover = AnalyticsMoversResponse['increases'][number];

const TOP_MOVERS = 10;

export async function getMovers(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: RangeQuery,
): Promise<AnalyticsMoversResponse> {
  const range = resolveRange(deps, ctx, query);
  const previous = previousRange(range);
  const [scope, previousScope] = await Promise.all([
    scopeOf(deps, ctx, range, query),
    scopeOf(deps, ctx, previous, query),
  ]);
  const [current, before] = await Promise.all([
    actualSpend(deps.db, scope, ['application'], false),
    actualSpend(deps.db, previousScope, ['application'], false),
  ]);
  const amounts = new Map<string, { previousMinor: number; currentMinor: number }>();
  const entry = (key: string) => {
    const found = amounts.get(key) ?? { previousMinor: 0, currentMinor: 0 };
    amounts.set(key, found);
    return found;
  };
  for (const row of current) entry(row.keys[0]!).currentMinor += row.amountMinor;
  for (const row of before) entry(row.keys[0]!).previousMinor += row.amountMinor;

  const changes = [...amounts]
    .map(([key, a]) => ({ key, ...a, changeMinor: a.currentMinor - a.previousMinor }))
    .filter((m) => m.changeMinor !== 0);
  const increases = changes.filter((m) => m.changeMinor > 0).sort((a, b) => b.changeMinor - a.changeMinor);
  const decreases = changes.filter((m) => m.changeMinor < 0).sort((a, b) => a.changeMinor - b.changeMinor);
  const shown = [...increases.slice(0, TOP_MOVERS), ...decreases.slice(0, TOP_MOVERS)];
  const labels = await labelsFor(
    deps.db,
    ctx.orgId,
    'application',
    shown.map((m) => m.key),
  );
  const present = (m: (typeof changes)[number]): Mover => ({
    subscriptionId: m.key === '' ? null : m.key,
    name: labels.get(m.key)!,
    previousMinor: m.previousMinor,
    currentMinor: m.currentMinor,
    changeMinor: m.changeMinor,
    changePercent:
      m.previousMinor === 0 ? null : Math.round((m.changeMinor * 1000) / Math.abs(m.previousMinor)) / 10,
  });
  return {
    currency: ctx.org.currency,
    from: range.from,
    to: range.to,
    previousFrom: previous.from,
    previousTo: previous.to,
    increases: increases.slice(0, TOP_MOVERS).map(present),
    decreases: decreases.slice(0, TOP_MOVERS).map(present),
  };
}
