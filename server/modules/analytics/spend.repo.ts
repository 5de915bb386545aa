// Analytics spend queries: actual spend from the expenses' monthly rollup grouped by any dimension,
// and the applications' committed cost. An expense's own category, department, payment method and
// vendor win over its application's; entity and brand follow the allocation shares, weighted (a
// target without shares is wholly the default entity and brand).
import { isLiveApplication } from '../../db/live-applications';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsDimension } from '../../../common/contracts/analytics';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { committedFrom } from '../../../common/spend-forecast';
import type { DbOrTx } from '../../db/client';
import { analyticsSpendCells, analyticsSpendGroups } from '../../db/schema';
import { allocationSharesOf } from '../entities';
import { spendByMonthAndKeys, type SpendKey } from '../expenses';
import { subscriptionsOf } from '../subscriptions';
import { NIL_UUID, spendCellsCurrent } from './cells.repo';

export interface SpendScope {
  orgId: string;
  /** First days of the first and last months. */
  fromMonth: string;
  toMonth: string;
  entityId?: string | undefined;
  brandId?: string | undefined;
  /** The organization's default entity and brand: where spend without shares belongs. */
  defaults: { entityId: string; brandId: string };
}

/** The dimensions read from the application (an expense's own value first, where it has one). */
const USES_APPLICATION = new Set<AnalyticsDimension>([
  'category',
  'department',
  'vendor',
  'paymentMethod',
  'owner',
]);
const USES_SHARES = new Set<AnalyticsDimension>(['entity', 'brand']);

const needsShares = (scope: SpendScope, dims: AnalyticsDimension[]) =>
  Boolean(scope.entityId || scope.brandId) || dims.some((d) => USES_SHARES.has(d));

/** The rollup columns a grouping reads: the rollup is summed over these first. */
const ROLLUP_KEYS: Record<AnalyticsDimension, SpendKey[]> = {
  none: [],
  category: ['subscription', 'category'],
  department: ['subscription', 'department'],
  vendor: ['subscription', 'vendor'],
  paymentMethod: ['subscription', 'paymentMethod'],
  application: ['subscription'],
  owner: ['subscription'],
  entity: ['target'],
  brand: ['target'],
};

function allocationParts(scope: SpendScope, share: ReturnType<typeof allocationSharesOf>) {
  const entityId = sql`coalesce(${share.entityId}, ${scope.defaults.entityId}::uuid)`;
  const brandId = sql`coalesce(${share.brandId}, ${scope.defaults.brandId}::uuid)`;
  const filter = and(
    scope.entityId ? sql`${entityId} = ${scope.entityId}::uuid` : undefined,
    scope.brandId ? sql`${brandId} = ${scope.brandId}::uuid` : undefined,
  );
  return { entityId, brandId, filter };
}

/**
 * Per month (`true`), over the whole scope (`false`), or each month rounded and then summed per keys
 * in the database (`'monthsSummed'`: an application's figure as Analytics sums it, in one row).
 */
export type ByMonth = boolean | 'monthsSummed';

/** One row per month (when asked) and group keys: actual spend, rounded once per row. */
export interface ActualRow {
  month: string;
  keys: string[];
  amountMinor: number;
}

/**
 * Actual spend of the scope grouped by `dims` (and by month when `byMonth`). Keys are ids as text,
 * the department's name, or '' for none (no category, unmatched…). The one function every figure of
 * actual spend reads: from the organization's cells when they reflect every committed write (one
 * GROUP BY, no join), else from the rollup (the same rows; cells.repo.ts).
 */
export async function actualSpend(
  db: DbOrTx,
  scope: SpendScope,
  dims: AnalyticsDimension[],
  byMonth: ByMonth,
): Promise<ActualRow[]> {
  return (await spendCellsCurrent(db, scope.orgId))
    ? actualSpendFromCells(db, scope, dims, byMonth)
    : actualSpendFromRollup(db, scope, dims, byMonth);
}

/**
 * actualSpend from the read model: the rows the rollup gives, rounded the same way. One dimension
 * reads its sums per month (analytics_spend_groups; entity and brand those of `none`), two (the
 * pivot) the cells.
 */
export async function actualSpendFromCells(
  db: DbOrTx,
  scope: SpendScope,
  dims: AnalyticsDimension[],
  byMonth: ByMonth,
): Promise<ActualRow[]> {
  const [only] = dims;
  const grouped = dims.length === 1 && only !== undefined;
  const g = analyticsSpendGroups;
  const c = analyticsSpendCells;
  const table = grouped ? g : c;
  const entityId = grouped
    ? sql`coalesce(nullif(${g.entityId}, ${NIL_UUID}::uuid), ${scope.defaults.entityId}::uuid)`
    : sql`coalesce(${c.entityId}, ${scope.defaults.entityId}::uuid)`;
  const brandId = grouped
    ? sql`coalesce(nullif(${g.brandId}, ${NIL_UUID}::uuid), ${scope.defaults.brandId}::uuid)`
    : sql`coalesce(${c.brandId}, ${scope.defaults.brandId}::uuid)`;
  const keyOf: Record<AnalyticsDimension, SQL> = {
    none: sql`''`,
    category: sql`${c.categoryId}::text`,
    department: sql`${c.department}`,
    vendor: sql`${c.vendorId}::text`,
    paymentMethod: sql`${c.paymentMethodId}::text`,
    application: sql`nullif(${c.subscriptionId}, ${NIL_UUID}::uuid)::text`,
    owner: sql`${c.ownerUserId}::text`,
    entity: sql`${entityId}::text`,
    brand: sql`${brandId}::text`,
  };
  const dimension = only === 'entity' || only === 'brand' ? 'none' : only;
  const keys = grouped
    ? [only === 'entity' || only === 'brand' ? keyOf[only] : g.key]
    : dims.map((d) => keyOf[d]);
  const shares = needsShares(scope, dims);
  const amount = grouped
    ? shares
      ? g.weightedMinor
      : g.wholeMinor
    : shares
      ? c.weightedMinor
      : c.wholeMinor;
  const month = grouped ? g.month : c.month;
  const result = await db.execute(
    finished(
      sql`select ${byMonth ? sql`${month}` : sql`''`}::text as month,
    array[${sql.join(
      keys.map((k) => sql`coalesce(${k}, '')`),
      sql`, `,
    )}]::text[] as keys,
    round(sum(${amount}) / ${FULL_SHARE_BP})::text as amount
    from ${table}
    where ${and(
      grouped ? eq(g.organizationId, scope.orgId) : eq(c.organizationId, scope.orgId),
      grouped ? eq(g.dimension, dimension!) : undefined,
      gte(month, scope.fromMonth),
      lte(month, scope.toMonth),
      scope.entityId ? sql`${entityId} = ${scope.entityId}::uuid` : undefined,
      scope.brandId ? sql`${brandId} = ${scope.brandId}::uuid` : undefined,
    )}
    group by 1, 2`,
      byMonth,
    ),
  );
  return toActualRows(result.rows as RawActualRow[]);
}

/** The rows of `select` (month, keys, amount), or with 'monthsSummed' their amounts summed per keys. */
const finished = (select: SQL, byMonth: ByMonth): SQL =>
  byMonth === 'monthsSummed'
    ? sql`select '' as month, rows.keys, sum(rows.amount::numeric)::text as amount
      from (${select}) rows group by rows.keys`
    : select;

type RawActualRow = { month: string; keys: string[]; amount: string };
const toActualRows = (rows: RawActualRow[]): ActualRow[] =>
  rows.map((r) => ({ month: r.month.slice(0, 7), keys: r.keys, amountMinor: Number(r.amount) }));

/**
 * actualSpend from the rollup, joined to applications and allocation shares per request: what the
 * cells are built to equal, read while they are being caught up (and by the bench, for the ratio).
 */
export async function actualSpendFromRollup(
  db: DbOrTx,
  scope: SpendScope,
  dims: AnalyticsDimension[],
  byMonth: ByMonth,
): Promise<ActualRow[]> {
  const shares = needsShares(scope, dims);
  const keep = new Set<SpendKey>(dims.flatMap((d) => ROLLUP_KEYS[d]));
  if (byMonth) keep.add('month');
  if (shares) keep.add('target');
  const spend = spendByMonthAndKeys(scope.orgId, scope.fromMonth, scope.toMonth, [...keep]);
  const app = subscriptionsOf(scope.orgId, 'app');
  const share = allocationSharesOf(scope.orgId);
  const col = (name: string) => sql.raw(`"spend"."${name}"`);
  const allocation = allocationParts(scope, share);
  const keyOf = (dim: AnalyticsDimension): SQL => {
    switch (dim) {
      case 'none':
        return sql`''`;
      case 'category':
        return sql`coalesce(${col('category_id')}, ${app.categoryId})::text`;
      case 'department':
        return sql`coalesce(${col('department')}, nullif(${app.department}, ''))`;
      case 'vendor':
        return sql`coalesce(${col('vendor_id')}, ${app.vendorId})::text`;
      case 'paymentMethod':
        return sql`coalesce(${col('payment_method_id')}, ${app.paymentMethodId})::text`;
      case 'application':
        return sql`${col('subscription_id')}::text`;
      case 'owner':
        return sql`${app.ownerUserId}::text`;
      case 'entity':
        return sql`${allocation.entityId}::text`;
      case 'brand':
        return sql`${allocation.brandId}::text`;
    }
  };
  const weight = shares ? sql`coalesce(${share.basisPoints}, ${FULL_SHARE_BP})` : sql`${FULL_SHARE_BP}`;
  const month = byMonth ? col('month') : sql`''`;
  // One grouped statement: the keys are expressions over the joined subqueries.
  const select = sql`select ${month}::text as month,
    array[${sql.join(
      dims.map((d) => sql`coalesce(${keyOf(d)}, '')`),
      sql`, `,
    )}]::text[] as keys,
    round(sum(${col('converted_minor')} * ${weight}) / ${FULL_SHARE_BP})::text as amount
    from ${spend}
    ${dims.some((d) => USES_APPLICATION.has(d)) ? sql`left join ${app} on ${app.id} = ${col('subscription_id')}` : sql``}
    ${shares ? sql`left join ${share} on ${share.targetKind} = ${col('target_kind')} and ${share.targetId} = ${col('target_id')}` : sql``}
    ${allocation.filter ? sql`where ${allocation.filter}` : sql``}
    group by 1, 2`;
  const result = await db.execute(finished(select, byMonth));
  return toActualRows(result.rows as RawActualRow[]);
}

/** Charges of the scope with no rate into the organization's currency, per currency (left out of the figures). */
export async function unconvertedSpend(db: DbOrTx, scope: SpendScope) {
  const shares = needsShares(scope, []);
  const keep: SpendKey[] = shares ? ['currency', 'target'] : ['currency'];
  const spend = spendByMonthAndKeys(scope.orgId, scope.fromMonth, scope.toMonth, keep, 'spend', true);
  const share = allocationSharesOf(scope.orgId);
  const col = (name: string) => sql.raw(`"spend"."${name}"`);
  const allocation = allocationParts(scope, share);
  const weight = shares ? sql`coalesce(${share.basisPoints}, ${FULL_SHARE_BP})` : sql`${FULL_SHARE_BP}`;
  const result = await db.execute(sql`select ${col('currency')} as currency,
    round(sum(${col('unconverted_minor')} * ${weight}) / ${FULL_SHARE_BP})::text as amount,
    sum(${col('unconverted_count')})::text as count
    from ${spend}
    ${shares ? sql`left join ${share} on ${share.targetKind} = ${col('target_kind')} and ${share.targetId} = ${col('target_id')}` : sql``}
    where ${col('unconverted_count')} <> 0 ${allocation.filter ? sql`and ${allocation.filter}` : sql``}
    group by 1 order by 1`);
  return (result.rows as Array<{ currency: string; amount: string; count: string }>).map((r) => ({
    currency: r.currency,
    amountMinor: Number(r.amount),
    count: Number(r.count),
  }));
}

/** A live application's cost in the organization's currency, and what bounds when it charges. */
export interface CommittedApplication {
  id: string;
  key: string;
  /** Monthly equivalent of its cost per cycle, converted at today's rate and weighted by its share; null without a rate. */
  monthlyMinor: number | null;
  /** Cost per cycle, converted and weighted likewise (for the charge schedule). */
  cycleMinor: number | null;
  currency: string;
  billingCycle: string;
  intervalMonths: number | null;
  startDate: string | null;
  /** The day its cost counts from: its start date, else the day it was added (common/spend-forecast.ts). */
  committedFrom: string;
  nextRenewalDate: string | null;
  autoRenew: boolean;
}

/**
 * Active and trial applications (not archived) of the scope with the group key of `dim` (the
 * application's own category, department, vendor, owner, entity or brand; '' for none).
 */
export async function committedApplications(
  db: DbOrTx,
  scope: SpendScope,
  dim: AnalyticsDimension,
  orgCurrency: string,
  today: string,
): Promise<CommittedApplication[]> {
  const app = subscriptionsOf(scope.orgId, 'app');
  const share = allocationSharesOf(scope.orgId);
  const allocation = allocationParts(scope, share);
  const shares = needsShares(scope, [dim]);
  const key: Record<AnalyticsDimension, SQL> = {
    none: sql`''`,
    category: sql`${app.categoryId}::text`,
    department: sql`nullif(${app.department}, '')`,
    vendor: sql`${app.vendorId}::text`,
    paymentMethod: sql`${app.paymentMethodId}::text`,
    application: sql`${app.id}::text`,
    owner: sql`${app.ownerUserId}::text`,
    entity: sql`${allocation.entityId}::text`,
    brand: sql`${allocation.brandId}::text`,
  };
  const weight = shares ? sql`coalesce(${share.basisPoints}, ${FULL_SHARE_BP})` : sql`${FULL_SHARE_BP}`;
  // One rate per currency (not per application): a few lookups instead of thousands. OFFSET 0 keeps
  // PostgreSQL from flattening the subquery, which would call fx_rate() again for every application.
  const apps = subscriptionsOf(scope.orgId, 'rate_apps');
  const rates = sql`(select c.currency, fx_rate(${scope.orgId}::uuid, c.currency, ${orgCurrency}, ${today}::date)
      * power(10::numeric, currency_exponent(${orgCurrency}) - currency_exponent(c.currency)) as factor
    from (select distinct ${apps.currency} as currency from ${apps}) c offset 0) as rates`;
  const factor = sql`rates.factor`;
  const cycleCost = sql`case when ${app.pricingModel} = 'per-seat'
    then coalesce(${app.seats}, 0)::numeric * coalesce(${app.unitPriceMinor}, 0) else ${app.amountMinor}::numeric end`;
  const rows = await db
    .select({
      id: app.id,
      key: sql<string>`coalesce(${key[dim]}, '')`,
      monthly: sql<
        string | null
      >`round(${app.monthlyCostMinor}::numeric * ${weight} / ${FULL_SHARE_BP} * ${factor})::text`,
      cycle: sql<string | null>`round(${cycleCost} * ${weight} / ${FULL_SHARE_BP} * ${factor})::text`,
      currency: app.currency,
      billingCycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      startDate: app.startDate,
      createdOn: sql<string>`(${app.createdAt} at time zone 'UTC')::date::text`,
      nextRenewalDate: app.nextRenewalDate,
      autoRenew: app.autoRenew,
    })
    .from(app)
    .innerJoin(rates, sql`rates.currency = ${app.currency}`)
    .leftJoin(
      share,
      shares ? and(eq(share.targetKind, 'subscription'), eq(share.targetId, app.id)) : sql`false`,
    )
    .where(and(isLiveApplication(app), allocation.filter));
  return rows.map(({ createdOn, ...r }) => ({
    ...r,
    committedFrom: committedFrom(r.startDate, createdOn),
    monthlyMinor: r.monthly === null ? null : Number(r.monthly),
    cycleMinor: r.cycle === null ? null : Number(r.cycle),
  }));
}
