// The money a budget counts: actual (matched expenses in its currency and scope) and committed (what
// its active applications will still charge, from their renewal dates and cycles).
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { splitMinor } from '../../../common/allocation';
import type { BillingCycle } from '../../../common/billing';
import type { BudgetScope } from '../../../common/contracts/budgets';
import { FULL_SHARE_BP, type AllocationFilter } from '../../../common/contracts/entities';
import { chargeDates } from '../../../common/charge-schedule';
import type { DbOrTx } from '../../db/client';
import {
  allocatedBasisPoints,
  allocatedTo,
  expenseAllocatedBasisPoints,
  expenseAllocatedTo,
} from '../entities';
import { expensesOf } from '../expenses';
import { subscriptionsOf } from '../subscriptions';

export interface BudgetTarget {
  currency: string;
  scope: BudgetScope;
  scopeId: string | null;
  scopeValue: string | null;
}

type Expenses = ReturnType<typeof expensesOf>;
type Apps = ReturnType<typeof subscriptionsOf>;

/** An entity or brand budget's filter; null for the other scopes. */
function allocationScope(budget: BudgetTarget): AllocationFilter | null {
  const id = budget.scopeId ?? '00000000-0000-0000-0000-000000000000';
  if (budget.scope === 'entity') return { entityId: id };
  if (budget.scope === 'brand') return { brandId: id };
  return null;
}

/** `app`: the expense's application, left-joined by the query. */
function expenseScope(orgId: string, budget: BudgetTarget, expenses: Expenses, app: Apps): SQL | undefined {
  switch (budget.scope) {
    case 'application':
      return eq(expenses.subscriptionId, budget.scopeId ?? '00000000-0000-0000-0000-000000000000');
    case 'category':
      // The expense's own category, else its application's.
      return sql`coalesce(${expenses.categoryId}, ${app.categoryId}) = ${budget.scopeId}::uuid`;
    case 'department':
      return sql`lower(coalesce(${expenses.department}, ${app.department})) = lower(${budget.scopeValue})`;
    case 'entity':
    case 'brand':
      return expenseAllocatedTo(orgId, expenses, allocationScope(budget)!);
    default:
      return undefined;
  }
}

/**
 * Matched spend per month ('YYYY-MM') within [from, to]. An entity or brand budget counts each
 * expense by its share there (60 % in the brand: 60 % of it), summed exactly and rounded once a month.
 */
export async function actualByMonth(
  db: DbOrTx,
  orgId: string,
  budget: BudgetTarget,
  from: string,
  to: string,
) {
  const expenses = expensesOf(orgId);
  const app = subscriptionsOf(orgId);
  const month = sql<string>`to_char(${expenses.date}, 'YYYY-MM')`;
  const shared = allocationScope(budget);
  const amount = shared
    ? sql`round(sum(${expenses.amountMinor}::numeric * ${expenseAllocatedBasisPoints(orgId, expenses, shared)}) / ${FULL_SHARE_BP})`
    : sql`sum(${expenses.amountMinor})`;
  const rows = await db
    .select({ month, amountMinor: sql<number>`${amount}::bigint`.mapWith(Number) })
    .from(expenses)
    .leftJoin(app, eq(app.id, expenses.subscriptionId))
    .where(
      and(
        eq(expenses.matchStatus, 'matched'),
        gte(expenses.date, from),
        lte(expenses.date, to),
        eq(expenses.currency, budget.currency),
        expenseScope(orgId, budget, expenses, app),
      ),
    )
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, r.amountMinor]));
}

export async function actualBetween(
  db: DbOrTx,
  orgId: string,
  budget: BudgetTarget,
  from: string,
  to: string,
) {
  let total = 0;
  for (const amount of (await actualByMonth(db, orgId, budget, from, to)).values()) total += amount;
  return total;
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
    .where(
      and(
        isNull(subscriptions.archivedAt),
        inArray(subscriptions.status, ['active', 'trial']),
        eq(subscriptions.currency, budget.currency),
        scope,
      ),
    );
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
    const anchor = app.nextRenewalDate ?? app.startDate;
    if (!anchor || app.amountMinor <= 0) continue;
    const dates = chargeDates(
      {
        cycle: app.billingCycle,
        intervalMonths: app.intervalMonths,
        anchorDate: anchor,
        startDate: app.startDate,
        endDate: app.autoRenew ? null : app.nextRenewalDate,
      },
      from,
      to,
    );
    const charged = dates.length * app.amountMinor;
    total +=
      app.basisPoints >= FULL_SHARE_BP
        ? charged
        : splitMinor(charged, [app.basisPoints, FULL_SHARE_BP - app.basisPoints])[0]!;
  }
  return total;
}
