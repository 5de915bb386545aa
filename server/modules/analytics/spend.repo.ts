// Analytics spend queries: actual spend from the expenses' monthly rollup grouped by any dimension,
// and the applications' committed cost. An expense's own category, department, payment method and
// vendor win over its application's; entity and brand follow the allocation shares, weighted (a
// target without shares is wholly the default entity and brand).
import { isLiveApplication } from '../../db/live-applications';
import { and, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnalyticsDimension } from '../../../common/contracts/analytics';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { committedFrom } from '../../../common/spend-forecast';
import type { DbOrTx } from '../../db/client';
import { analyticsSpendCells, analyticsSpendGroups } from '../../db/schema';
import { allocationSharesOf } from '../entities';
import { spendByMonthAndKeys, type SpendKey } from '../expenses';
import { subscriptionsOf } from '../subscriptions';
import { ALL_SHARES_UUID, NIL_UUID, spendCellsCurrent } from './cells.repo';

export interface SpendScope {
  orgId: string;
  /** First days of the first and last months. */
  fromMonth: string;
  toMonth: string;
  entityId?: string | undefined;
  brandId?: string | undefined;
  /** The organization's default entity and brand: where spend without shares belongs. */
  defaults: { entityId: string; brandId: string };
  /** Whether the read model reflects every committed write, when the request already asked (scopeOf). */
  readModel?: boolean;
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
  return (scope.readModel ?? (await spendCellsCurrent(db, scope.orgId)))
    ? actualSpendFromCells(db, scope, dims, byMonth)
    : actualSpendFromRollup(db, scope, dims, byMonth);
}

/**
 * actualSpend from the read model: the rows the rollup gives, rounded the same way. One dimension
 * reads its sums per month (analytics_spend_groups: the all-shares rows without an entity or brand
 * filter, else the per-share ones; entity and brand those of `none`), two (the pivot) the cells.
 * Summed over the native columns, cast to text after.
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
    category: sql`${c.categoryId}`,
    department: sql`${c.department}`,
    vendor: sql`${c.vendorId}`,
    paymentMethod: sql`${c.paymentMethodId}`,
    application: sql`nullif(${c.subscriptionId}, ${NIL_UUID}::uuid)`,
    owner: sql`${c.ownerUserId}`,
    entity: entityId,
    brand: brandId,
  };
  const byShare = only === 'entity' || only === 'brand';
  const dimension = byShare ? 'none' : only;
  const keys = grouped ? [byShare ? keyOf[only] : sql`${g.key}`] : dims.map((d) => keyOf[d]);
  const shares = needsShares(scope, dims);
  const amount = shares
    ? grouped
      ? g.weightedMinor
      : c.weightedMinor
    : grouped
      ? g.wholeMinor
      : c.wholeMinor;
  const month = grouped ? g.month : c.month;
  const where = and(
    grouped ? eq(g.organizationId, scope.orgId) : eq(c.organizationId, scope.orgId),
    grouped ? eq(g.dimension, dimension!) : undefined,
    grouped ? sql`${g.entityId} ${sql.raw(shares ? '<>' : '=')} ${ALL_SHARES_UUID}::uuid` : undefined,
    gte(month, scope.fromMonth),
    lte(month, scope.toMonth),
    scope.entityId ? sql`${entityId} = ${scope.entityId}::uuid` : undefined,
    scope.brandId ? sql`${brandId} = ${scope.brandId}::uuid` : undefined,
  );
  if (grouped && !shares) return allSharesRows(db, where, byMonth);
  const names = keyNames(keys.length);
  const summed = sql`select ${byMonth ? sql`${month}` : sql`null::date`} as month,
    ${sql.join(
      keys.map((k, i) => sql`${k} as ${sql.raw(names[i]!)}`),
      sql`, `,
    )},
    sum(${amount}) as amount
    from ${table}
    where ${where}
    group by ${groupByOrdinals(keys.length)}`;
  const select = sql`select coalesce(summed.month::text, '') as month,
    ${keyColumns(names.map((k) => sql.raw(`summed.${k}`)))},
    round(summed.amount / ${FULL_SHARE_BP})::text as amount from (${summed}) summed`;
  const result = await db.execute(finished(select, byMonth, keys.length));
  return toActualRows(result.rows as RawActualRow[], keys.length);
}

/**
 * One dimension over all shares: the groups' all-shares rows are one per month and key already, so
 * per month they are read as they are, and otherwise summed per key in one pass.
 */
async function allSharesRows(db: DbOrTx, where: SQL | undefined, byMonth: ByMonth): Promise<ActualRow[]> {
  const g = analyticsSpendGroups;
  const bp = FULL_SHARE_BP;
  const select =
    byMonth === true
      ? sql`select ${g.month}::text as month, ${g.key} as k0, round(${g.wholeMinor} / ${bp})::text as amount
        from ${g} where ${where}`
      : sql`select '' as month, ${g.key} as k0, ${
          byMonth === 'monthsSummed'
            ? sql`sum(round(${g.wholeMinor} / ${bp}))::text`
            : sql`round(sum(${g.wholeMinor}) / ${bp})::text`
        } as amount from ${g} where ${where} group by ${g.key}`;
  const result = await db.execute(select);
  return toActualRows(result.rows as RawActualRow[], 1);
}

/**
 * The group keys as text columns k0, k1… (not one text[]: parsing an array per row cost more than
 * the query at thousands of rows).
 */
const keyColumns = (keys: Array<SQL | AnyColumn>): SQL =>
  sql.join(
    keys.map((k, i) => sql`coalesce((${k})::text, '') as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
const keyNames = (count: number) => Array.from({ length: count }, (_, i) => `k${i}`);
/** GROUP BY the month and each key column (ordinals 1..count + 1). */
const groupByOrdinals = (count: number): SQL =>
  sql.raw(Array.from({ length: count + 1 }, (_, i) => String(i + 1)).join(', '));

/** The rows of `select` (month, keys, amount), or with 'monthsSummed' their amounts summed per keys. */
const finished = (select: SQL, byMonth: ByMonth, keyCount: number): SQL => {
  if (byMonth !== 'monthsSummed') return select;
  const keys = sql.raw(
    keyNames(keyCount)
      .map((k) => `rows.${k}`)
      .join(', '),
  );
  return sql`select '' as month, ${keys}, sum(rows.amount::numeric)::text as amount
      from (${select}) rows group by ${keys}`;
};

type RawActualRow = { month: string; amount: string } & Record<string, string>;
const toActualRows = (rows: RawActualRow[], keyCount: number): ActualRow[] => {
  const names = keyNames(keyCount);
  return rows.map((r) => ({
    month: r.month.slice(0, 7),
    keys: names.map((k) => r[k]!),
    amountMinor: Number(r.amount),
  }));
};

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
    ${keyColumns(dims.map(keyOf))},
    round(sum(${col('converted_minor')} * ${weight}) / ${FULL_SHARE_BP})::text as amount
    from ${spend}
    ${dims.some((d) => USES_APPLICATION.has(d)) ? sql`left join ${app} on ${app.id} = ${col('subscription_id')}` : sql``}
    ${shares ? sql`left join ${share} on ${share.targetKind} = ${col('target_kind')} and ${share.targetId} = ${col('target_id')}` : sql``}
    ${allocation.filter ? sql`where ${allocation.filter}` : sql``}
    group by ${groupByOrdinals(dims.length)}`;
  const result = await db.execute(finished(select, byMonth, dims.length));
  return toActualRows(result.rows as RawActualRow[], dims.length);
}

/** Charges of the scope with no rate into the organization's currency, per currency (left out of the figures). */
export async function unconvertedSpend(db: DbOrTx, scope: SpendScope) {
  const shares = needsShares(scope, []);
  const keep: SpendKey[] = shares ? ['currency', 'target'] : ['currency'];
  const spend = spendByMonthAndKeys(scope.orgId, scope.fromMonth, scope.toMonth, keep, 'spend', {
    unconverted: true,
  });
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
  // Plain rows (db.execute), dates as text: thousands of applications per answer, and drizzle's
  // per-field mapping of them cost more than the query.
  const result = await db.execute(sql`select ${app.id} as id, coalesce(${key[dim]}, '') as key,
      round(${app.monthlyCostMinor}::numeric * ${weight} / ${FULL_SHARE_BP} * ${factor})::text as monthly,
      round(${cycleCost} * ${weight} / ${FULL_SHARE_BP} * ${factor})::text as cycle,
      ${app.currency} as currency, ${app.billingCycle} as billing_cycle, ${app.intervalMonths} as interval_months,
      ${app.startDate}::text as start_date,
      (${app.createdAt} at time zone 'UTC')::date::text as created_on,
      ${app.nextRenewalDate}::text as next_renewal_date, ${app.autoRenew} as auto_renew
    from ${app}
    join ${rates} on rates.currency = ${app.currency}
    left join ${share} on ${shares ? and(eq(share.targetKind, 'subscription'), eq(share.targetId, app.id)) : sql`false`}
    where ${and(isLiveApplication(app), allocation.filter)}`);
  return (result.rows as unknown as CommittedRow[]).map((r) => ({
    id: r.id,
    key: r.key,
    monthlyMinor: r.monthly === null ? null : Number(r.monthly),
    cycleMinor: r.cycle === null ? null : Number(r.cycle),
    currency: r.currency,
    billingCycle: r.billing_cycle,
    intervalMonths: r.interval_months,
    startDate: r.start_date,
    committedFrom: committedFrom(r.start_date, r.created_on),
    nextRenewalDate: r.next_renewal_date,
    autoRenew: r.auto_renew,
  }));
}

interface CommittedRow {
  id: string;
  key: string;
  monthly: string | null;
  cycle: string | null;
  currency: string;
  billing_cycle: string;
  interval_months: number | null;
  start_date: string | null;
  created_on: string;
  next_renewal_date: string | null;
  auto_renew: boolean;
}
