// Aggregates over seats, their pools' applications and people, joined through their owners'
// join-able subqueries; every figure is counted in SQL (one row per application and month, bucket
// or department), never by loading seats.
import { notArchived } from '../../db/live-applications';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { LastUseBucket } from '../../../common/contracts/product-analytics';
import type { DbOrTx } from '../../db/client';
import { uuidArray } from '../../db/sql-helpers';
import {
  allocatedThrough,
  defaultEntityAndBrand,
  departmentAllocationsOf,
  hasAllocationFilter,
} from '../entities';
import { seatActiveSince, seatsOf } from '../licenses';
import { peopleOf } from '../people';
import { subscriptionsOf } from '../subscriptions';

/** Seats of live applications in the filter's entity/brand (through the pool, else its application). */
function liveSeats(orgId: string, filter: AllocationFilter, subscriptionId?: string) {
  const seat = seatsOf(orgId);
  const app = subscriptionsOf(orgId, 'app');
  const where = sql.join(
    [
      notArchived(app),
      subscriptionId ? sql`${seat.subscriptionId} = ${subscriptionId}::uuid` : undefined,
      allocatedThrough(
        orgId,
        { kind: 'license_pool', id: seat.poolId },
        { kind: 'subscription', id: seat.subscriptionId },
        filter,
      ),
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  return { seat, app, from: sql`${seat} inner join ${app} on ${app.id} = ${seat.subscriptionId}`, where };
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

export interface MonthActivityRow {
  subscriptionId: string | null;
  month: string;
  active: number;
  inactive: number;
  unknown: number;
}

/**
 * Per application and month (and for all applications together, subscriptionId null): distinct
 * holders last seen that month (active), last seen before it or never where the application has
 * activity data (inactive), and last seen after it or never without data (unknown: only the latest
 * activity of a seat is stored). `from`/`to` are first days of months.
 */
export async function activityByMonth(
  db: DbOrTx,
  orgId: string,
  range: { from: string; to: string },
  filter: AllocationFilter,
  subscriptionId?: string,
): Promise<MonthActivityRow[]> {
  const { seat, from, where } = liveSeats(orgId, filter, subscriptionId);
  const month = (column: unknown) => sql`date_trunc('month', ${column} at time zone 'UTC')::date`;
  const result = await db.execute(sql`
    with s as (
      select ${seat.personId} as person_id, ${seat.subscriptionId} as subscription_id,
        ${month(seat.assignedAt)} as start_month, ${month(seat.unassignedAt)} as end_month,
        ${month(seat.lastActiveAt)} as seen_month,
        bool_or(${seat.lastActiveAt} is not null) over (partition by ${seat.subscriptionId}) as app_has_data
      from ${from}
      where ${where}
        and ${month(seat.assignedAt)} <= ${range.to}::date
        and (${seat.unassignedAt} is null or ${month(seat.unassignedAt)} >= ${range.from}::date)
    ),
    m as (select generate_series(${range.from}::date, ${range.to}::date, interval '1 month')::date as start),
    st as (
      select s.subscription_id, m.start, s.person_id,
        max(case when s.seen_month = m.start then 2
                 when s.seen_month > m.start then 1
                 when s.seen_month is null and not s.app_has_data then 1
                 else 0 end) as state
      from s join m on s.start_month <= m.start and (s.end_month is null or s.end_month >= m.start)
      group by s.subscription_id, m.start, s.person_id
    ),
    everyone as (select start, person_id, max(state) as state from st group by start, person_id)
    select subscription_id as "subscriptionId", to_char(start, 'YYYY-MM') as month,
      count(*) filter (where state = 2)::int as active,
      count(*) filter (where state = 0)::int as inactive,
      count(*) filter (where state = 1)::int as unknown
    from st group by subscription_id, start
    union all
    select null, to_char(start, 'YYYY-MM'),
      count(*) filter (where state = 2)::int, count(*) filter (where state = 0)::int,
      count(*) filter (where state = 1)::int
    from everyone group by start`);
  return rowsOf<MonthActivityRow>(result);
}

/** The earliest recorded activity of any seat in the filter ('YYYY-MM'), or null. */
export async function firstActivityMonth(
  db: DbOrTx,
  orgId: string,
  filter: AllocationFilter,
  subscriptionId?: string,
): Promise<string | null> {
  const { seat, from, where } = liveSeats(orgId, filter, subscriptionId);
  const result = await db.execute(sql`
    select to_char(min(${seat.lastActiveAt}) at time zone 'UTC', 'YYYY-MM') as month from ${from} where ${where}`);
  return rowsOf<{ month: string | null }>(result)[0]?.month ?? null;
}

/** Names of live applications that have seats (open or closed), for labelling series. */
export async function applicationNames(db: DbOrTx, orgId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const app = subscriptionsOf(orgId);
  const rows = await db
    .select({ id: app.id, name: app.name })
    .from(app)
    .where(sql`${app.id} = any(${uuidArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A live application of this organization, or null (another tenant's id answers null too). */
export async function findLiveApplication(db: DbOrTx, orgId: string, id: string) {
  const app = subscriptionsOf(orgId);
  const [row] = await db
    .select({ id: app.id, name: app.name })
    .from(app)
    .where(and(sql`${app.id} = ${id}::uuid`, notArchived(app)));
  return row ?? null;
}

export interface LastUseRow {
  subscriptionId: string;
  name: string;
  bucket: LastUseBucket;
  seats: number;
}

/** Open seats per application and time since their last activity (whole days before `now`). */
export async function lastUseBuckets(
  db: DbOrTx,
  orgId: string,
  now: Date,
  filter: AllocationFilter,
): Promise<LastUseRow[]> {
  const { seat, app, from, where } = liveSeats(orgId, filter);
  const days = sql`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${seat.lastActiveAt})) / 86400)`;
  const result = await db.execute(sql`
    select ${seat.subscriptionId} as "subscriptionId", ${app.name} as name,
      case when ${seat.lastActiveAt} is null then 'never'
           when ${days} <= 7 then '0-7' when ${days} <= 30 then '8-30'
           when ${days} <= 60 then '31-60' when ${days} <= 90 then '61-90'
           else 'over-90' end as bucket,
      count(*)::int as seats
    from ${from}
    where ${where} and ${seat.unassignedAt} is null
    group by 1, 2, 3`);
  return rowsOf<LastUseRow>(result);
}

export interface DepartmentRow {
  department: string | null;
  people: number;
  licensed: number;
  active: number;
}
export interface DepartmentAppRow {
  department: string | null;
  subscriptionId: string;
  holders: number;
  active: number;
}

/**
 * Active people per department with their open seats (active: see licenses' active-users.ts): totals per department, and per department
 * and application for the `top` applications with most holders. With an entity/brand filter,
 * people count where they belong (their own allocation, else their department's, else the defaults).
 */
export async function adoptionByDepartment(
  db: DbOrTx,
  orgId: string,
  since: string,
  filter: AllocationFilter,
  top: number,
) {
  const person = peopleOf(orgId);
  const dept = departmentAllocationsOf(orgId);
  const { seat, from, where } = liveSeats(orgId, filter);
  let personWhere = sql`${person.status} = 'active'`;
  if (hasAllocationFilter(filter)) {
    const defaults = await defaultEntityAndBrand(db, orgId);
    if (filter.entityId) {
      personWhere = sql`${personWhere} and coalesce(${person.entityId}, ${dept.entityId}, ${defaults.entityId}::uuid) = ${filter.entityId}::uuid`;
    }
    if (filter.brandId) {
      personWhere = sql`${personWhere} and coalesce(${person.brandId}, ${dept.brandId}, ${defaults.brandId}::uuid) = ${filter.brandId}::uuid`;
    }
  }
  const ctes = sql`
    with p as materialized (
      select ${person.id} as id, ${person.department} as department
      from ${person} left join ${dept} on ${dept.department} = ${person.department}
      where ${personWhere}
    ),
    s as materialized (
      select ${seat.personId} as person_id, ${seat.subscriptionId} as subscription_id,
        ${seatActiveSince(seat.lastActiveAt, since)} as active
      from ${from} where ${where} and ${seat.unassignedAt} is null
    )`;
  const [totals, cells, topApps] = await Promise.all([
    db.execute(sql`${ctes}
      select p.department, count(distinct p.id)::int as people,
        count(distinct s.person_id)::int as licensed,
        count(distinct s.person_id) filter (where s.active)::int as active
      from p left join s on s.person_id = p.id
      group by p.department order by count(distinct p.id) desc, p.department`),
    db.execute(sql`${ctes},
      top as (select subscription_id from s join p on p.id = s.person_id
              group by subscription_id order by count(distinct s.person_id) desc, subscription_id limit ${top})
      select p.department, s.subscription_id as "subscriptionId",
        count(distinct s.person_id)::int as holders,
        count(distinct s.person_id) filter (where s.active)::int as active
      from p join s on s.person_id = p.id
      where s.subscription_id in (select subscription_id from top)
      group by p.department, s.subscription_id`),
    db.execute(sql`${ctes}
      select s.subscription_id as "subscriptionId", count(distinct s.person_id)::int as holders
      from s join p on p.id = s.person_id
      group by s.subscription_id order by holders desc, s.subscription_id limit ${top}`),
  ]);
  return {
    departments: rowsOf<DepartmentRow>(totals),
    cells: rowsOf<DepartmentAppRow>(cells),
    topApplications: rowsOf<{ subscriptionId: string; holders: number }>(topApps),
  };
}
