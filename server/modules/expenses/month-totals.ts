// Reads of expense_month_totals (migration 0024) for the FX screens and the daily rate feed.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { expenseMonthTotals } from '../../db/schema';

/** Currencies with charges that have no rate into the organization's currency at their date. */
export function unconvertedExpenseCurrencies(db: DbOrTx, orgId: string) {
  const t = expenseMonthTotals;
  return db
    .select({
      currency: t.currency,
      since: sql<string>`min(${t.month})::text`,
      charges: sql<number>`sum(${t.unconvertedCount})::int`,
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), gt(t.unconvertedCount, 0)))
    .groupBy(t.currency)
    .orderBy(asc(t.currency));
}

/** Every currency the organization's expenses are in. */
export async function expenseCurrencies(db: DbOrTx, orgId: string): Promise<string[]> {
  const t = expenseMonthTotals;
  const rows = await db
    .selectDistinct({ currency: t.currency })
    .from(t)
    .where(and(eq(t.organizationId, orgId), ne(t.count, 0)));
  return rows.map((r) => r.currency);
}
