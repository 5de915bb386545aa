// The money a budget counts: actual (every charge of its scope, from the spend rollup) and committed
// (what its active applications will still charge, from their renewal dates and cycles).
import { isLiveApplication } from '../../db/live-applications';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { splitMinor } from '../../../common/allocation';
import type { BillingCycle } from '../../../common/billing';
import type { BudgetScope } from '../../../common/contracts/budgets';
import { FULL_SHARE_BP, type AllocationFilter } from '../../../common/contracts/entities';
import { stillDueMinor } from '../../../common/spend-forecast';
import type { DbOrTx } from '../../db/client';
import { allocatedBasisPoints, allocatedTo, allocationSharesOf, defaultEntityAndBrand } from '../entities';
import { spendByMonthAndKeys, type SpendKey } from '../expenses';
import { convertEach } from '../fx-rates';
import { subscriptionsOf } from '../subscriptions';

export interface BudgetTarget {
  currency: string;
  scope: BudgetScope;
  scopeId: string | null;
  scopeValue: string | null;
}

/** An entity or brand budget's filter; null for the other scopes. */
function allocationScope(budget: BudgetTarget): AllocationFilter | null {
  const id = budget.scopeId ?? '00000000-0000-0000-0000-000000000000';
  if (budget.scope === 'entity') return { entityId: id };
  if (budget.scope === 'brand') return { brandId: id };
  return null;
}

const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * Spend counted against a budget per month ('YYYY-MM') of [from, to], in the budget's currency:
 * every charge of its scope from the one spend rollup every figure reads (expense_month_totals: each
 * charge converted into the organization's currency at its date), so a budget's actual is the spend
 * Analytics and the reports show for the same scope and months. The whole organization counts every
 * charge, matched to an application or not; a category or department budget the expense's own value,
 * else its application's; an entity or brand budget each charge by its share there (60 % in the brand:
 * 60 % of it). Charges with no rate are counted apart (`unconvertedCount`). A budget in another
 * currency than the organization's gets the monthly sums converted at `on` (today, or the range's end).
 */
export async function actualByMonth(
  db: DbOrTx,
  orgId: string,
  orgCurrency: string,
  budget: BudgetTarget,
  from: string,
  to: string,
  on: string,
): Promise<{ months: Map<string, number>; unconvertedCount: number }> {
  const keep: SpendKey[] = ['month'];
  if (budget.scope === 'application') keep.push('subscription');
  if (budget.scope === 'category') keep.push('subscription', 'category');
  if (budget.scope === 'department') keep.push('subscription', 'department');
  const shared = allocationScope(budget);
  if (shared) keep.push('target');
  const spend = spendByMonthAndKeys(orgId, `${from.slice(0, 7)}-01`, `${to.slice(0, 7)}-01`, keep);
  const col = (name: string) => sql.raw(`"spend"."${name}"`);
  const app = subscriptionsOf(orgId, 'app');
  const share = allocationSharesOf(orgId);
  const usesApp = budget.scope === 'category' || budget.scope === 'department';
  let where: SQL = sql`true`;
  if (budget.scope === 'application') where = sql`${col('subscription_id')} = ${budget.scopeId ?? NIL}::uuid`;
  if (budget.scope === 'category') {
    where = sql`coalesce(${col('category_id')}, ${app.categoryId}) = ${budget.scopeId ?? NIL}::uuid`;
  }
  if (budget.scope === 'department') {
    where = sql`lower(coalesce(${col('department')}, nullif(${app.department}, ''))) = lower(${budget.scopeValue ?? ''})`;
  }
  if (shared) {
    // A charge without shares belongs wholly to the default entity and brand.
    const defaults = await defaultEntityAndBrand(db, orgId);
    where = shared.entityId
      ? sql`coalesce(${share.entityId}, ${defaults.entityId}::uuid) = ${shared.entityId}::uuid`
      : sql`coalesce(${share.brandId}, ${defaults.brandId}::uuid) = ${shared.brandId ?? NIL}::uuid`;
  }
  const weight = shared ? sql`coalesce(${share.basisPoints}, ${FULL_SHARE_BP})` : sql`${FULL_SHARE_BP}`;
  const result = await db.execute(sql`select ${col('month')}::text as month,
      round(sum(${col('converted_minor')} * ${weight}) / ${FULL_SHARE_BP})::text as amount,
      sum(${col('unconverted_count')})::text as unconverted, sum(${col('count')})::text as charges
    from ${spend}
    ${usesApp ? sql`left join ${app} on ${app.id} = ${col('subscription_id')}` : sql``}
    ${shared ? sql`left join ${share} on ${share.targetKind} = ${col('target_kind')} and ${share.targetId} = ${col('target_id')}` : sql``}
    where ${where}
    group by 1`);
  const rows = result.rows as Array<{ month: string; amount: string; unconverted: string; charges: string }>;
  const inBudgetCurrency =
    budget.currency === orgCurrency
      ? rows.map((r) => Number(r.amount))
      : await convertEach(
          db,
          orgId,
          rows.map((r) => ({ currency: orgCurrency, amountMinor: Number(r.amount) })),
          budget.currency,
          on,
        );
  const months = new Map<string, number>();
  let unconvertedCount = 0;
  rows.forEach((r, i) => {
    const amount = inBudgetCurrency[i];
    // No rate into the budget's currency: the month's charges are counted apart, never guessed.
    if (amount === null || amount === undefined) unconvertedCount += Number(r.charges);
    else {
      months.set(r.month.slice(0, 7), amount);
      unconvertedCount += Number(r.unconverted);
    }
  });
  return { months, unconvertedCount };
}

export async function actualBetween(
  db: DbOrTx,
  orgId: string,
  orgCurrency: string,
  budget: BudgetTarget,
  from: string,
  to: string,
  on: string,
) {
  const { months, unconvertedCount } = await actualByMonth(db, orgId, orgCurrency, budget, from, to, on);
  let total = 0;
  for (const amount of months.values()) total += amount;
  return { actualMinor: total, unconvertedCount };
}

export interface CommittedApp {
  id: string;
  amountMinor: number;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  startDate: string | null;
  nextRenewalDate: string | null;
  autoRenew: boolean;
  /** The application's share in the budget's entity or brand (10000 for other scopes). */
  basisPoints: number;
}

/** Active and trial applications of the budget's scope and currency. */
export async function committedApps(
  db: DbOrTx,
  orgId: string,
  budget: BudgetTarget,
): Promise<CommittedApp[]> {
  const subscriptions = subscriptionsOf(orgId);
  const shared = allocationScope(budget);
  const scope =
    budget.scope === 'application'
      ? eq(subscriptions.id, budget.scopeId ?? '00000000-0000-0000-0000-000000000000')
      : budget.scope === 'category'
        ? eq(subscriptions.categoryId, budget.scopeId ?? '00000000-0000-0000-0000-000000000000')
        : budget.scope === 'department'
          ? sql`lower(${subscriptions.department}) = lower(${budget.scopeValue})`
          : shared
            ? allocatedTo(orgId, 'subscription', subscriptions.id, shared)
            : undefined;
  const rows = await db
    .select({
      id: subscriptions.id,
      amountMinor: subscriptions.amountMinor,
      billingCycle: subscriptions.billingCycle,
      intervalMonths: subscriptions.intervalMonths,
      startDate: subscriptions.startDate,
      nextRenewalDate: subscriptions.nextRenewalDate,
      autoRenew: subscriptions.autoRenew,
      basisPoints: shared
        ? allocatedBasisPoints(orgId, 'subscription', subscriptions.id, shared)
        : sql<number>`${FULL_SHARE_BP}::int`,
    })
    .from(subscriptions)
    .where(and(isLiveApplication(subscriptions), eq(subscriptions.currency, budget.currency), scope));
  return rows.map((r) => ({ ...r, billingCycle: r.billingCycle as BillingCycle }));
}

/**
 * What the applications will charge within [from, to]: each renewal date × cost per cycle, times
 * the application's share (largest remainder, so shares of one application add up to its cost). An
 * application that does not auto-renew charges nothing from its renewal date on.
 */
export function committedBetween(apps: CommittedApp[], from: string, to: string): number {
  let total = 0;
  for (const app of apps) {
    if (app.amountMinor <= 0) continue;
    // The one "still due" rule (common/spend-forecast.ts): the forecast and the dashboard's "due in
    // the next 30 days" count the same charge dates.
    const charged = stillDueMinor({ ...app, cycleMinor: app.amountMinor, monthlyMinor: null }, from, to);
    total +=
      app.basisPoints >= FULL_SHARE_BP
        ? charged
        : splitMinor(charged, [app.basisPoints, FULL_SHARE_BP - app.basisPoints])[0]!;
  }
  return total;
}
