// Spend views: one application's expected vs actual per month, and the organization's monthly spend
// by category for the expenses chart.
import { and, desc, eq, gte, lte, ne, or, isNotNull, sql } from 'drizzle-orm';
import { monthlyEquivalentMinor } from '../../../common/billing';
import { chargeDates, monthOf, monthsBetween } from '../../../common/charge-schedule';
import { addDays, addMonths, endOfMonth, todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { settingsItemsOf } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { expectedChargeAt, loadReconcileApps, type ReconcileApp } from './reconcile';

/** Scheduled charges of an application per month, at the price in force on each charge date. */
export function expectedByMonth(app: ReconcileApp, from: string, to: string): Map<string, number> {
  const expected = new Map<string, number>();
  const anchor = app.nextRenewalDate ?? app.startDate;
  if (!anchor) return expected;
  const dates = chargeDates(
    {
      cycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      anchorDate: anchor,
      startDate: app.startDate,
      endDate: app.cancelledOn ? addDays(app.cancelledOn, 1) : null,
    },
    from,
    to,
  );
  for (const date of dates) {
    const price = expectedChargeAt(app, date);
    if (price.currency !== app.currency) continue;
    expected.set(monthOf(date), (expected.get(monthOf(date)) ?? 0) + price.amountMinor);
  }
  return expected;
}

export async function subscriptionSpend(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId'>,
  subscriptionId: string,
  months: number,
) {
  const db = deps.db;
  const app = (await loadReconcileApps(db, ctx.orgId, [subscriptionId])).get(subscriptionId);
  if (!app) throw notFound('Application');
  const today = todayInTimeZone(deps.clock.now());
  const to = endOfMonth(today);
  const from = addMonths(`${monthOf(today)}-01`, 1 - months);
  const expected = expectedByMonth(app, from, to);
  const month = sql<string>`to_char(${expenses.date}, 'YYYY-MM')`;
  const mine = and(
    eq(expenses.organizationId, ctx.orgId),
    eq(expenses.subscriptionId, subscriptionId),
    eq(expenses.matchStatus, 'matched'),
    gte(expenses.date, from),
    lte(expenses.date, to),
  );
  const actualRows = await db
    .select({
      month,
      amountMinor: sql<number>`sum(${expenses.amountMinor})::bigint`.mapWith(Number),
      charges: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(and(mine, eq(expenses.currency, app.currency)))
    .groupBy(month);
  const [other] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expenses)
    .where(and(mine, ne(expenses.currency, app.currency)));
  const flagged = await db
    .select({
      expenseId: expenses.id,
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      overExpectedPercent: expenses.overExpectedPercent,
      chargedAfterCancellation: expenses.chargedAfterCancellation,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, ctx.orgId),
        eq(expenses.subscriptionId, subscriptionId),
        or(isNotNull(expenses.overExpectedPercent), eq(expenses.chargedAfterCancellation, true)),
      ),
    )
    .orderBy(desc(expenses.date))
    .limit(50);
  const actual = new Map(actualRows.map((r) => [r.month, r]));
  const list = monthsBetween(from, to).map((m) => {
    const expectedMinor = expected.get(m) ?? 0;
    const actualMinor = actual.get(m)?.amountMinor ?? 0;
    return {
      month: m,
      expectedMinor,
      actualMinor,
      charges: actual.get(m)?.charges ?? 0,
      variancePercent:
        expectedMinor > 0 ? Math.round(((actualMinor - expectedMinor) * 1000) / expectedMinor) / 10 : null,
    };
  });
  return {
    subscriptionId,
    currency: app.currency,
    costPerCycleMinor: app.amountMinor,
    monthlyEquivalentMinor: monthlyEquivalentMinor(app.amountMinor, app.billingCycle, app.intervalMonths),
    months: list,
    totals: {
      expectedMinor: list.reduce((n, m) => n + m.expectedMinor, 0),
      actualMinor: list.reduce((n, m) => n + m.actualMinor, 0),
    },
    otherCurrencyCharges: other?.count ?? 0,
    flagged,
  };
}

/** Non-ignored spend in the organization's currency per month and category (the expense's, else its application's). */
export async function monthlySpend(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId' | 'org'>,
  range: { from?: string; to?: string },
  db: DbOrTx = deps.db,
) {
  const today = todayInTimeZone(deps.clock.now());
  const to = range.to ?? endOfMonth(today);
  const from = range.from ?? addMonths(`${monthOf(to)}-01`, -11);
  const month = sql<string>`to_char(${expenses.date}, 'YYYY-MM')`;
  const app = subscriptionsOf(ctx.orgId, 'app');
  const categories = settingsItemsOf(ctx.orgId, 'categories', 'category');
  const category = sql<string | null>`coalesce(${expenses.categoryId}, ${app.categoryId})`;
  const rows = await db
    .select({
      month,
      categoryId: category,
      name: sql<string | null>`max(${categories.name})`,
      amountMinor: sql<number>`sum(${expenses.amountMinor})::bigint`.mapWith(Number),
    })
    .from(expenses)
    .leftJoin(app, eq(app.id, expenses.subscriptionId))
    .leftJoin(categories, sql`${categories.id} = ${category}`)
    .where(
      and(
        eq(expenses.organizationId, ctx.orgId),
        ne(expenses.matchStatus, 'ignored'),
        eq(expenses.currency, ctx.org.currency),
        gte(expenses.date, from),
        lte(expenses.date, to),
      ),
    )
    .groupBy(month, category);
  const byMonth = new Map<string, Array<{ categoryId: string | null; name: string; amountMinor: number }>>();
  for (const row of rows) {
    const list = byMonth.get(row.month) ?? [];
    list.push({
      categoryId: row.categoryId,
      name: row.name ?? 'Uncategorised',
      amountMinor: row.amountMinor,
    });
    byMonth.set(row.month, list);
  }
  return {
    currency: ctx.org.currency,
    months: monthsBetween(from, to).map((m) => {
      const byCategory = (byMonth.get(m) ?? []).sort((a, b) => b.amountMinor - a.amountMinor);
      return { month: m, byCategory, totalMinor: byCategory.reduce((n, c) => n + c.amountMinor, 0) };
    }),
  };
}
