// The SQL of the spend views (spend.service.ts): one application's charges per month, and the
// organization's monthly spend by category read from the rollup.
import { and, desc, eq, gte, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenses } from '../../db/schema';
import { settingsItemNamesOf } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { spendByMonthAndKeys } from './month-totals.repo';

/**
 * An application's matched charges from `from` to `to`: per month in its own currency, how many
 * are in another currency, and its latest 50 flagged charges (any date).
 */
export async function applicationChargesByMonth(
  db: DbOrTx,
  orgId: string,
  subscriptionId: string,
  currency: string,
  from: string,
  to: string,
) {
  const month = sql<string>`to_char(${expenses.date}, 'YYYY-MM')`;
  const mine = and(
    eq(expenses.organizationId, orgId),
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
    .where(and(mine, eq(expenses.currency, currency)))
    .groupBy(month);
  const [other] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expenses)
    .where(and(mine, ne(expenses.currency, currency)));
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
        eq(expenses.organizationId, orgId),
        eq(expenses.subscriptionId, subscriptionId),
        or(isNotNull(expenses.overExpectedPercent), eq(expenses.chargedAfterCancellation, true)),
      ),
    )
    .orderBy(desc(expenses.date))
    .limit(50);
  return { actualRows, otherCurrencyCharges: other?.count ?? 0, flagged };
}

/**
 * Spend per month and category (the expense's own, else its application's) from the rollup, in the
 * organization's currency, for the months from `from` to `lastMonth`; and what had no rate, per currency.
 */
export async function spendByMonthAndCategory(db: DbOrTx, orgId: string, from: string, lastMonth: string) {
  const spend = spendByMonthAndKeys(orgId, from, lastMonth, ['month', 'subscription', 'category']);
  const app = subscriptionsOf(orgId, 'app');
  const categories = settingsItemNamesOf(orgId, 'categories', 'category');
  const col = (name: string) => sql.raw(`"spend"."${name}"`);
  const category = sql`coalesce(${col('category_id')}, ${app.categoryId})`;
  const result = await db.execute(sql`select ${col('month')} as month, ${category}::text as category_id,
      max(${categories.name}) as name,
      round(sum(${col('converted_minor')}))::text as amount
    from ${spend}
    left join ${app} on ${app.id} = ${col('subscription_id')}
    left join ${categories} on ${categories.id} = ${category}
    group by 1, 2`);
  const unconverted = await db.execute(sql`select ${col('currency')} as currency,
      sum(${col('unconverted_minor')})::text as amount, sum(${col('unconverted_count')})::text as count
    from ${spendByMonthAndKeys(orgId, from, lastMonth, ['currency'], 'spend', { unconverted: true })}
    where ${col('unconverted_count')} <> 0 group by 1 order by 1`);
  return {
    rows: result.rows as Array<{
      month: string;
      category_id: string | null;
      name: string | null;
      amount: string;
    }>,
    unconverted: unconverted.rows as Array<{ currency: string; amount: string; count: string }>,
  };
}
