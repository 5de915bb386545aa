// Active users over time, adoption by department and time since last use, from seats' activity.
import type { z } from 'zod';
import { monthsBetween } from '../../../common/brand-profitability';
import {
  LAST_USE_BUCKETS,
  MAX_ACTIVE_USER_MONTHS,
  monthSpan,
  type activeUsersQuery,
  type adoptionQuery,
  type ActiveUsers,
  type Adoption,
  type LastUse,
  type LastUseBucket,
  type ProductAnalyticsQuery,
} from '../../../common/contracts/product-analytics';
import { addMonths, todayInTimeZone } from '../../../common/dates';
import { invalidFields, notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import * as repo from './product-analytics.repo';
import { activeWindowOf } from '../licenses';

const DEFAULT_MONTHS = 12;
const ADOPTION_COLUMNS = 6;

type ActiveUsersInput = z.infer<typeof activeUsersQuery>;

/** The months asked for: by default the twelve up to the current one. */
function period(query: ActiveUsersInput, today: string) {
  const to =
    query.to ??
    (query.from
      ? minMonth(addMonths(`${query.from}-01`, DEFAULT_MONTHS - 1).slice(0, 7), today.slice(0, 7))
      : today.slice(0, 7));
  const from = query.from ?? addMonths(`${to}-01`, -(DEFAULT_MONTHS - 1)).slice(0, 7);
  if (from > to) throw invalidFields([{ field: 'from', message: 'from must not be after to' }]);
  if (monthSpan(from, to) > MAX_ACTIVE_USER_MONTHS) {
    throw invalidFields([{ field: 'to', message: `At most ${MAX_ACTIVE_USER_MONTHS} months` }]);
  }
  return { from, to };
}
const minMonth = (a: string, b: string) => (a < b ? a : b);

export async function getActiveUsers(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ActiveUsersInput,
): Promise<ActiveUsers> {
  const { from, to } = period(query, todayInTimeZone(deps.clock.now()));
  const filter = { entityId: query.entityId, brandId: query.brandId };
  if (query.subscriptionId && !(await repo.findLiveApplication(deps.db, ctx.orgId, query.subscriptionId))) {
    throw notFound('Application');
  }
  const [rows, firstActivityMonth] = await Promise.all([
    repo.activityByMonth(
      deps.db,
      ctx.orgId,
      { from: `${from}-01`, to: `${to}-01` },
      filter,
      query.subscriptionId,
    ),
    repo.firstActivityMonth(deps.db, ctx.orgId, filter, query.subscriptionId),
  ]);
  const months = monthsBetween(from, to);
  const bySeries = new Map<string | null, Map<string, repo.MonthActivityRow>>([[null, new Map()]]);
  for (const row of rows) {
    const series = bySeries.get(row.subscriptionId) ?? new Map<string, repo.MonthActivityRow>();
    series.set(row.month, row);
    bySeries.set(row.subscriptionId, series);
  }
  const ids = [...bySeries.keys()].filter((id): id is string => id !== null);
  const names = await repo.applicationNames(deps.db, ctx.orgId, ids);
  const points = (series: Map<string, repo.MonthActivityRow>) =>
    months.map((month) => {
      const row = series.get(month);
      return { month, active: row?.active ?? 0, inactive: row?.inactive ?? 0, unknown: row?.unknown ?? 0 };
    });
  const apps = ids
    .map((id) => ({ subscriptionId: id, name: names.get(id) ?? '', points: points(bySeries.get(id)!) }))
    // Most active people in the latest month first, then by name.
    .sort((a, b) => b.points.at(-1)!.active - a.points.at(-1)!.active || a.name.localeCompare(b.name));
  return {
    from,
    to,
    interval: query.interval,
    series: [
      { subscriptionId: null, name: 'All applications', points: points(bySeries.get(null)!) },
      ...apps,
    ],
    firstActivityMonth,
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

export async function getAdoption(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.infer<typeof adoptionQuery>,
): Promise<Adoption> {
  const { since } = activeWindowOf(ctx.org, deps.clock.now());
  const filter = { entityId: query.entityId, brandId: query.brandId };
  const { departments, cells, topApplications } = await repo.adoptionByDepartment(
    deps.db,
    ctx.orgId,
    since,
    filter,
    ADOPTION_COLUMNS,
  );
  const names = await repo.applicationNames(
    deps.db,
    ctx.orgId,
    topApplications.map((a) => a.subscriptionId),
  );
  const cellOf = new Map(cells.map((c) => [`${c.department ?? ''}\u0000${c.subscriptionId}`, c]));
  return {
    groupBy: query.groupBy,
    applications: topApplications.map((a) => ({
      subscriptionId: a.subscriptionId,
      name: names.get(a.subscriptionId) ?? '',
    })),
    groups: departments.map((d) => ({
      name: d.department,
      people: d.people,
      licensed: d.licensed,
      active: d.active,
      adoptionPct: percent(d.active, d.people),
      applications: topApplications.map(({ subscriptionId }) => {
        const cell = cellOf.get(`${d.department ?? ''}\u0000${subscriptionId}`);
        return {
          subscriptionId,
          holders: cell?.holders ?? 0,
          active: cell?.active ?? 0,
          adoptionPct: percent(cell?.active ?? 0, d.people),
        };
      }),
    })),
  };
}

const emptyBuckets = () =>
  Object.fromEntries(LAST_USE_BUCKETS.map((b) => [b, 0])) as Record<LastUseBucket, number>;

export async function getLastUse(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ProductAnalyticsQuery,
): Promise<LastUse> {
  const rows = await repo.lastUseBuckets(deps.db, ctx.orgId, deps.clock.now(), query);
  const overall = { total: 0, buckets: emptyBuckets() };
  const apps = new Map<string, LastUse['applications'][number]>();
  for (const row of rows) {
    const app = apps.get(row.subscriptionId) ?? {
      subscriptionId: row.subscriptionId,
      name: row.name,
      total: 0,
      buckets: emptyBuckets(),
    };
    app.total += row.seats;
    app.buckets[row.bucket] += row.seats;
    overall.total += row.seats;
    overall.buckets[row.bucket] += row.seats;
    apps.set(row.subscriptionId, app);
  }
  return {
    overall,
    applications: [...apps.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
  };
}
