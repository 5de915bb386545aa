// Spend over time (Growth): actual and committed spend of a range, grouped by a dimension and
// charted per month, fiscal quarter or fiscal year; the top groups by spend, the rest as "Other".
// A comparison period (Scale) is cut into the same groups.
import type { z } from 'zod';
import { periodIndexByMonth, periodsOf, type AnalyticsRange } from '../../../common/analytics-range';
import type {
  AnalyticsDimension,
  AnalyticsInterval,
  AnalyticsSpendResponse,
  analyticsSpendQuery,
} from '../../../common/contracts/analytics';
import type { RequestContext, ServiceDeps } from '../../types';
import { committedByKeyAndMonth } from './committed';
import { drillFor, labelsFor, otherDrillFor } from './labels.repo';
import { activePeople } from './people.repo';
import { checkedCustomRange, requireAdvanced, resolveRange, scopeOf, todayOf } from './range';
import { actualSpend, committedApplications, unconvertedSpend, type SpendScope } from './spend.repo';

export type SpendQuery = z.output<typeof analyticsSpendQuery>;
type PeriodResult = NonNullable<AnalyticsSpendResponse['compare']>;
type Series = PeriodResult['series'][number];

export const OTHER_KEY = 'other';

interface Grouping {
  groupBy: AnalyticsDimension;
  interval: AnalyticsInterval;
  top: number;
  /** Keep exactly these groups (a comparison period follows the main one's). */
  keys?: string[] | undefined;
  /**
   * Only the actual spend, for a caller that reads nothing else (the executive summary's totals):
   * no committed series and no headcount (null), so two of the four queries are not run.
   */
  actualOnly?: boolean;
}

export async function getSpend(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: SpendQuery,
): Promise<AnalyticsSpendResponse> {
  const range = resolveRange(deps, ctx, query);
  let compareRange: AnalyticsRange | null = null;
  if (query.compareFrom && query.compareTo) {
    requireAdvanced(deps, ctx, 'Comparing periods needs the Scale plan.');
    compareRange = checkedCustomRange(query.compareFrom, query.compareTo, 'compareFrom');
  }
  const grouping: Grouping = { groupBy: query.groupBy, interval: query.interval, top: query.top };
  const main = await spendOfRange(deps, ctx, range, query, grouping);
  const keys = main.series.map((s) => s.key).filter((k) => k !== OTHER_KEY);
  const compare = compareRange
    ? await spendOfRange(deps, ctx, compareRange, query, { ...grouping, keys })
    : null;
  return {
    currency: ctx.org.currency,
    groupBy: query.groupBy,
    interval: query.interval,
    ...main,
    compare,
  };
}

/** The figures of one range, grouped and charted as `grouping` says. */
export async function spendOfRange(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: AnalyticsRange,
  filter: { entityId?: string | undefined; brandId?: string | undefined },
  grouping: Grouping,
): Promise<PeriodResult> {
  const scope = await scopeOf(deps, ctx, range, filter);
  const { groupBy } = grouping;
  const periods = periodsOf(range, grouping.interval, ctx.org.fiscalYearStartMonth);
  const periodOfMonth = periodIndexByMonth(periods);
  const withCommitted = groupBy !== 'paymentMethod' && !grouping.actualOnly;
  const [actualRows, apps, unconverted, employees] = await Promise.all([
    actualSpend(deps.db, scope, [groupBy], true),
    withCommitted
      ? committedApplications(deps.db, scope, groupBy, ctx.org.currency, todayOf(deps))
      : Promise.resolve([]),
    unconvertedSpend(deps.db, scope),
    grouping.actualOnly ? Promise.resolve(null) : activePeople(deps.db, scope),
  ]);

  const groups = new Map<string, { actual: number[]; committed: number[] }>();
  const groupOf = (key: string) => {
    let group = groups.get(key);
    if (!group) {
      group = { actual: periods.map(() => 0), committed: periods.map(() => 0) };
      groups.set(key, group);
    }
    return group;
  };
  for (const row of actualRows) {
    const at = periodOfMonth.get(row.month);
    if (at !== undefined) groupOf(row.keys[0]!).actual[at]! += row.amountMinor;
  }
  for (const [key, months] of committedByKeyAndMonth(apps, scope.fromMonth, scope.toMonth)) {
    for (const [month, amount] of months) {
      const at = periodOfMonth.get(month);
      if (at !== undefined) groupOf(key).committed[at]! += amount;
    }
  }
  if (groupBy === 'none') groupOf('');

  const series = await namedSeries(
    deps,
    scope,
    groupBy,
    topGroups(groups, grouping, periods.length),
    withCommitted,
  );
  const actualMinor = series.reduce((sum, s) => sum + s.totalMinor, 0);
  const committedMinor = series.reduce((sum, s) => sum + (s.committed ?? []).reduce((a, b) => a + b, 0), 0);
  return {
    from: range.from,
    to: range.to,
    periods,
    series,
    totals: {
      actualMinor,
      committedMinor,
      employees,
      costPerEmployeeMinor: employees ? Math.round(actualMinor / employees) : null,
    },
    unconverted,
  };
}

type Group = { actual: number[]; committed: number[] };
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The kept groups in order (largest actual spend first) and "Other" with the rest, if any. */
function topGroups(
  groups: Map<string, Group>,
  grouping: Grouping,
  periodCount: number,
): Array<[string, Group]> {
  const ranked = [...groups].sort(
    ([ka, a], [kb, b]) =>
      sum(b.actual) - sum(a.actual) || sum(b.committed) - sum(a.committed) || ka.localeCompare(kb),
  );
  const keep = grouping.keys
    ? new Set(grouping.keys)
    : new Set(ranked.slice(0, grouping.top).map(([k]) => k));
  const kept = grouping.keys
    ? grouping.keys.map((k): [string, Group] => [k, groups.get(k) ?? empty(periodCount)])
    : ranked.filter(([k]) => keep.has(k));
  const rest = ranked.filter(([k]) => !keep.has(k));
  if (rest.length === 0) return kept;
  const other = empty(periodCount);
  for (const [, g] of rest) {
    g.actual.forEach((v, i) => (other.actual[i]! += v));
    g.committed.forEach((v, i) => (other.committed[i]! += v));
  }
  return [...kept, [OTHER_KEY, other]];
}

function empty(length: number): Group {
  return { actual: Array<number>(length).fill(0), committed: Array<number>(length).fill(0) };
}

async function namedSeries(
  deps: ServiceDeps,
  scope: SpendScope,
  groupBy: AnalyticsDimension,
  groups: Array<[string, Group]>,
  withCommitted: boolean,
): Promise<Series[]> {
  const labels = await labelsFor(
    deps.db,
    scope.orgId,
    groupBy,
    groups.map(([k]) => k).filter((k) => k !== OTHER_KEY),
  );
  const shown = groups.map(([k]) => k).filter((k) => k !== OTHER_KEY);
  return groups.map(([key, g]) => ({
    key,
    label: key === OTHER_KEY ? 'Other' : labels.get(key)!,
    totalMinor: sum(g.actual),
    actual: g.actual,
    committed: withCommitted ? g.committed : null,
    drill: key === OTHER_KEY ? otherDrillFor(groupBy, shown) : drillFor(groupBy, key),
  }));
}
