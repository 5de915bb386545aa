// Analytics' read model (issue 34): analytics_spend_cells holds each organization's actual spend per
// month and resolved group keys, converted into its currency, so an analytics answer is one GROUP BY
// over the cells instead of the rollup joined to applications and allocation shares. Triggers mark
// what a write changes (analytics_spend_dirty, migration 0036); the queued job below rebuilds the
// cells of the marked applications from the rollup. While an organization has marks, its cells are
// not read (spend.repo.ts answers from the rollup): answers are never stale.
import { and, count, eq, sql } from 'drizzle-orm';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import type { Db, DbOrTx } from '../../db/client';
import { analyticsSpendCells, analyticsSpendDirty } from '../../db/schema';
import { inIdList } from '../../db/bulk-insert';
import { allocationSharesOf } from '../entities';
import { spendByMonthAndKeys } from '../expenses';
import { subscriptionsOf } from '../subscriptions';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

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
  const spend = spendByMonthAndKeys(orgId, '0001-01-01', '9999-12-01', [
    'month',
    'subscription',
    'target',
    'category',
    'department',
    'paymentMethod',
    'vendor',
  ]);
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
    ${subscriptionIds ? sql`where ${inIdList(subscription, subscriptionIds)}` : sql``}
    group by 2, 3, 4, 5, 6, 7, 8, 9, 10`);
}

/**
 * Brings the organization's cells up to date: takes the marks committed so far and rebuilds the
 * cells of the applications they name (or all of them), in one transaction holding the
 * organization's lock, so two jobs never interleave. Marks committed meanwhile stay for the next
 * run. Answers how many applications were rebuilt ('all' for the whole organization).
 */
export async function refreshSpendCells(db: Db, orgId: string): Promise<number | 'all'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics_spend_cells'), hashtext(${orgId}))`);
    const taken = await tx
      .delete(analyticsSpendDirty)
      .where(eq(analyticsSpendDirty.organizationId, orgId))
      .returning({ subscriptionId: analyticsSpendDirty.subscriptionId });
    if (taken.length === 0) return 0;
    const ids = [...new Set(taken.map((t) => t.subscriptionId))];
    const whole = ids.includes(null) || ids.length > WHOLE_ORGANIZATION_FROM;
    const cells = analyticsSpendCells;
    if (whole) {
      await tx.delete(cells).where(eq(cells.organizationId, orgId));
      await insertCells(tx, orgId, null);
      return 'all';
    }
    const subscriptionIds = ids as string[];
    await tx
      .delete(cells)
      .where(and(eq(cells.organizationId, orgId), inIdList(cells.subscriptionId, subscriptionIds)));
    await insertCells(tx, orgId, subscriptionIds);
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
