// Analytics' read model (issue 34): analytics_spend_cells holds each organization's actual spend per
// month and resolved group keys, converted into its currency, so an analytics answer is one GROUP BY
// over the cells instead of the rollup joined to applications and allocation shares. Triggers mark
// what a write changes (analytics_spend_dirty, migration 0036); the queued job below rebuilds the
// cells of the marked applications from the rollup, and adds their difference to the per-dimension
// sums (analytics_spend_groups). While an organization has marks, neither is read (spend.repo.ts
// answers from the rollup): answers are never stale.
import { and, count, eq, lte, sql, type SQL } from 'drizzle-orm';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import type { Db, DbOrTx } from '../../db/client';
import { analyticsSpendCells, analyticsSpendDirty, analyticsSpendGroups } from '../../db/schema';
import { inIdList } from '../../db/bulk-insert';
import { allocationSharesOf } from '../entities';
import { spendByMonthAndKeys } from '../expenses';
import { subscriptionsOf } from '../subscriptions';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/**
 * The entity and brand of the groups' rows that sum every share (unweighted): what a question with no
 * entity or brand filter reads, one row per month and key instead of one per share (a fifth of the
 * rows with five brands).
 */
export const ALL_SHARES_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Past this many marked applications, the job rebuilds the whole organization in one statement. */
const WHOLE_ORGANIZATION_FROM = 500;

/** Whether the organization's cells reflect every committed write (no mark waits for the job). */
export async function spendCellsCurrent(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(analyticsSpendDirty)
    .where(eq(analyticsSpendDirty.organizationId, orgId))
    .limit(1);
  return !row;
}

/** Organizations with marks, oldest mark first (the periodic sweep; not a request path). */
export async function organizationsWithMarks(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orgId: analyticsSpendDirty.organizationId })
    .from(analyticsSpendDirty)
    .groupBy(analyticsSpendDirty.organizationId)
    .orderBy(sql`min(${analyticsSpendDirty.markedAt})`)
    .limit(limit);
  return rows.map((r) => r.orgId);
}

/**
 * The cells of the organization's applications `subscriptionIds` (the nil id: unmatched charges), or
 * of all of it, computed from the rollup as actualSpend's raw path computes its rows: the expense's
 * own category, department, vendor and payment method first, else its application's; one row per
 * allocation share (weighted), or one unweighted row without shares.
 */
async function insertCells(db: DbOrTx, orgId: string, subscriptionIds: string[] | null) {
  // Only the marked applications' rollup rows are summed (filtered inside, not after the GROUP BY).
  const spend = spendByMonthAndKeys(
    orgId,
    '0001-01-01',
    '9999-12-01',
    ['month', 'subscription', 'target', 'category', 'department', 'paymentMethod', 'vendor'],
    'spend',
    subscriptionIds ? { subscriptionIds } : {},
  );
  const app = subscriptionsOf(orgId, 'app');
  const shares = allocationSharesOf(orgId, 'share_row');
  const col = (name: string) => sql.raw(`"spend"."${name}"`);
  const subscription = sql`coalesce(${col('subscription_id')}, ${NIL_UUID}::uuid)`;
  // One share row of each target carries the unweighted amount (queries that split by no share).
  const share = sql`(select share_row.*, row_number() over (partition by share_row.target_kind,
    share_row.target_id order by share_row.entity_id, share_row.brand_id) = 1 as first from ${shares}) share`;
  await db.execute(sql`insert into ${analyticsSpendCells} (organization_id, month, subscription_id,
      category_id, department, vendor_id, payment_method_id, owner_user_id, entity_id, brand_id,
      weighted_minor, whole_minor)
    select ${orgId}::uuid, ${col('month')}::date, ${subscription},
      coalesce(${col('category_id')}, ${app.categoryId}),
      coalesce(${col('department')}, nullif(${app.department}, '')),
      coalesce(${col('vendor_id')}, ${app.vendorId}),
      coalesce(${col('payment_method_id')}, ${app.paymentMethodId}),
      ${app.ownerUserId}, share.entity_id, share.brand_id,
      sum(${col('converted_minor')} * coalesce(share.basis_points, ${FULL_SHARE_BP})),
      coalesce(sum(${col('converted_minor')} * ${FULL_SHARE_BP}) filter (where share.first is not false), 0)
    from ${spend}
    left join ${app} on ${app.id} = ${col('subscription_id')}
    left join ${share} on share.target_kind = ${col('target_kind')} and share.target_id = ${col('target_id')}
    group by 2, 3, 4, 5, 6, 7, 8, 9, 10`);
}

/** The dimensions analytics_spend_groups sums the cells by, and each one's key (`none` also answers entity and brand). */
export const GROUP_DIMENSIONS = [
  'none',
  'category',
  'department',
  'vendor',
  'paymentMethod',
  'application',
  'owner',
] as const;

function groupKey(dimension: (typeof GROUP_DIMENSIONS)[number]): SQL {
  const c = analyticsSpendCells;
  switch (dimension) {
    case 'none':
      return sql`''`;
    case 'category':
      return sql`${c.categoryId}::text`;
    case 'department':
      return sql`${c.department}`;
    case 'vendor':
      return sql`${c.vendorId}::text`;
    case 'paymentMethod':
      return sql`${c.paymentMethodId}::text`;
    case 'application':
      return sql`nullif(${c.subscriptionId}, ${NIL_UUID}::uuid)::text`;
    case 'owner':
      return sql`${c.ownerUserId}::text`;
  }
}

/**
 * Adds (sign 1) or subtracts (-1) the cells of `subscriptionIds` (or all of the organization's) to
 * or from its groups: exact, the amounts being unrounded numerics; rows with no cell left go.
 */
async function addToGroups(db: DbOrTx, orgId: string, subscriptionIds: string[] | null, sign: 1 | -1) {
  const c = analyticsSpendCells;
  const g = analyticsSpendGroups;
  const where = and(
    eq(c.organizationId, orgId),
    subscriptionIds ? inIdList(c.subscriptionId, subscriptionIds) : undefined,
  );
  const select = (dimension: (typeof GROUP_DIMENSIONS)[number], perShare: boolean) =>
    perShare
      ? sql`select ${c.month} as month, ${dimension}::text as dimension,
      coalesce(${groupKey(dimension)}, '') as key, coalesce(${c.entityId}, ${NIL_UUID}::uuid) as entity_id,
      coalesce(${c.brandId}, ${NIL_UUID}::uuid) as brand_id, ${c.weightedMinor} as weighted_minor,
      ${c.wholeMinor} as whole_minor from ${c} where ${where}`
      : sql`select ${c.month} as month, ${dimension}::text as dimension,
      coalesce(${groupKey(dimension)}, '') as key, ${ALL_SHARES_UUID}::uuid as entity_id,
      ${ALL_SHARES_UUID}::uuid as brand_id, ${c.wholeMinor} as weighted_minor,
      ${c.wholeMinor} as whole_minor from ${c} where ${where}`;
  // Each dimension per share (entity/brand filters, and `none` by entity or brand), and for all shares.
  const selects = GROUP_DIMENSIONS.flatMap((dimension) => [
    select(dimension, true),
    select(dimension, false),
  ]);
  await db.execute(sql`insert into ${g} as g (organization_id, month, dimension, key, entity_id, brand_id,
      weighted_minor, whole_minor, cells)
    select ${orgId}::uuid, month, dimension, key, entity_id, brand_id,
      ${sign} * sum(weighted_minor), ${sign} * sum(whole_minor), ${sign} * count(*)
    from (${sql.join(selects, sql` union all `)}) cell
    group by 2, 3, 4, 5, 6
    on conflict (organization_id, dimension, month, key, entity_id, brand_id) do update set
      weighted_minor = g.weighted_minor + excluded.weighted_minor,
      whole_minor = g.whole_minor + excluded.whole_minor, cells = g.cells + excluded.cells`);
  if (sign < 0) await db.delete(g).where(and(eq(g.organizationId, orgId), lte(g.cells, 0)));
}

/**
 * Brings the organization's cells up to date: takes the marks committed so far and rebuilds the
 * cells of the applications they name (or all of them) and their share of the groups, in one
 * transaction holding the organization's lock, so two jobs never interleave. Marks committed
 * meanwhile stay for the next run. Answers how many applications were rebuilt ('all' for the
 * whole organization).
 */
export async function refreshSpendCells(db: Db, orgId: string): Promise<number | 'all'> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('analytics_spend_cells'), hashtext(${orgId}))`,
    );
    const taken = await tx
      .delete(analyticsSpendDirty)
      .where(eq(analyticsSpendDirty.organizationId, orgId))
      .returning({ subscriptionId: analyticsSpendDirty.subscriptionId });
    if (taken.length === 0) return 0;
    const ids = [...new Set(taken.map((t) => t.subscriptionId))];
    const whole = ids.includes(null) || ids.length > WHOLE_ORGANIZATION_FROM;
    const cells = analyticsSpendCells;
    if (whole) {
      await tx.delete(analyticsSpendGroups).where(eq(analyticsSpendGroups.organizationId, orgId));
      await tx.delete(cells).where(eq(cells.organizationId, orgId));
      await insertCells(tx, orgId, null);
      await addToGroups(tx, orgId, null, 1);
      return 'all';
    }
    const subscriptionIds = ids as string[];
    await addToGroups(tx, orgId, subscriptionIds, -1);
    await tx
      .delete(cells)
      .where(and(eq(cells.organizationId, orgId), inIdList(cells.subscriptionId, subscriptionIds)));
    await insertCells(tx, orgId, subscriptionIds);
    await addToGroups(tx, orgId, subscriptionIds, 1);
    return subscriptionIds.length;
  });
}

/** The number of the organization's cells (the bench reports the read model's size). */
export async function spendCellCount(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(analyticsSpendCells)
    .where(eq(analyticsSpendCells.organizationId, orgId));
  return row?.n ?? 0;
}
