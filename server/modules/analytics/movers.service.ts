// Movers (Growth): per application, the range's spend against the period of equal length just
// before it; the largest increases and decreases. "new" / "stopped" / a percent: common/movers.ts.
import type { z } from 'zod';
import { previousRange, type AnalyticsRange } from '../../../common/analytics-range';
import { moverChange } from '../../../common/movers';
import type { AnalyticsMoversResponse, analyticsRangeQuery } from '../../../common/contracts/analytics';
import type { RequestContext, ServiceDeps } from '../../types';
import { labelsFor } from './labels.repo';
import { resolveRange, scopeOf, type FilterInput } from './range';
import { actualSpend } from './spend.repo';

export type RangeQuery = z.output<typeof analyticsRangeQuery>;
type Mover = AnalyticsMoversResponse['increases'][number];

const TOP_MOVERS = 10;

export async function getMovers(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: RangeQuery,
): Promise<AnalyticsMoversResponse> {
  return moversOfRange(deps, ctx, resolveRange(deps, ctx, query), query);
}

/** The movers of a resolved range (reports pass their own whole-month period, on any plan with reports). */
export async function moversOfRange(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: AnalyticsRange,
  query: FilterInput,
): Promise<AnalyticsMoversResponse> {
  const previous = previousRange(range);
  const [scope, previousScope] = await Promise.all([
    scopeOf(deps, ctx, range, query),
    scopeOf(deps, ctx, previous, query),
  ]);
  // By month, as Analytics sums an application's spend (each month rounded once), so a mover's
  // amounts are its Analytics figures to the cent; summed per application in the database.
  const [current, before] = await Promise.all([
    actualSpend(deps.db, scope, ['application'], 'monthsSummed'),
    actualSpend(deps.db, previousScope, ['application'], 'monthsSummed'),
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
    ...moverChange(m.previousMinor, m.currentMinor),
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
