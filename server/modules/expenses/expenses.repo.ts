// Expense rows: the ledger query (filters, keyset or offset pages, SQL-side totals), single rows,
// and bulk inserts. Every function takes orgId and puts it in its WHERE clause.
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExpenseListFilter } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { expenses, subscriptions, vendors } from '../../db/schema';
import { escapeLike } from '../subscriptions/sql-helpers';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

const suggested = alias(subscriptions, 'suggested');

const joined = {
  expense: expenses,
  subscriptionName: subscriptions.name,
  suggestedSubscriptionName: suggested.name,
  vendorName: vendors.name,
};
export type JoinedExpense = {
  expense: ExpenseRow;
  subscriptionName: string | null;
  suggestedSubscriptionName: string | null;
  vendorName: string | null;
};

function joinedQuery(db: DbOrTx, orgId: string) {
  return db
    .select(joined)
    .from(expenses)
    .leftJoin(
      subscriptions,
      and(eq(subscriptions.id, expenses.subscriptionId), eq(subscriptions.organizationId, orgId)),
    )
    .leftJoin(
      suggested,
      and(eq(suggested.id, expenses.suggestedSubscriptionId), eq(suggested.organizationId, orgId)),
    )
    .leftJoin(vendors, and(eq(vendors.id, expenses.vendorId), eq(vendors.organizationId, orgId)));
}

/** The WHERE clause of the ledger filters (without the page cursor). */
export function filterConditions(orgId: string, f: Partial<ExpenseListFilter>): SQL {
  const q = f.q ? `%${escapeLike(f.q)}%` : null;
  return and(
    eq(expenses.organizationId, orgId),
    f.from ? gte(expenses.date, f.from) : undefined,
    f.to ? lte(expenses.date, f.to) : undefined,
    f.subscriptionId ? eq(expenses.subscriptionId, f.subscriptionId) : undefined,
    f.match ? eq(expenses.matchStatus, f.match) : undefined,
    f.categoryId ? eq(expenses.categoryId, f.categoryId) : undefined,
    f.paymentMethodId ? eq(expenses.paymentMethodId, f.paymentMethodId) : undefined,
    f.source ? eq(expenses.source, f.source) : undefined,
    f.importBatchId ? eq(expenses.importBatchId, f.importBatchId) : undefined,
    f.flagged === 'true'
      ? or(isNotNull(expenses.overExpectedPercent), eq(expenses.chargedAfterCancellation, true))
      : undefined,
    q
      ? or(
          ilike(expenses.merchant, q),
          ilike(expenses.merchantName, q),
          ilike(expenses.description, q),
          ilike(expenses.invoiceNumber, q),
        )
      : undefined,
  )!;
}

/** Keyset cursor for the date sort: the last row's date and id. */
export function encodeCursor(row: { date: string; id: string }): string {
  return Buffer.from(`${row.date}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { date: string; id: string } | null {
  const [date, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') && /^[0-9a-f-]{36}$/i.test(id ?? '');
  return valid ? { date, id } : null;
}

export async function listExpenses(db: DbOrTx, orgId: string, filter: ExpenseListFilter) {
  const where = filterConditions(orgId, filter);
  const descending = filter.order === 'desc';
  let page: SQL | undefined;
  const cursor = filter.cursor && filter.sort === 'date' ? decodeCursor(filter.cursor) : null;
  if (cursor) {
    page = descending
      ? sql`(${expenses.date}, ${expenses.id}) < (${cursor.date}::date, ${cursor.id}::uuid)`
      : sql`(${expenses.date}, ${expenses.id}) > (${cursor.date}::date, ${cursor.id}::uuid)`;
  }
  const direction = descending ? desc : asc;
  const order =
    filter.sort === 'amount'
      ? [direction(expenses.amountMinor), direction(expenses.date), direction(expenses.id)]
      : [direction(expenses.date), direction(expenses.id)];
  const rows = await joinedQuery(db, orgId)
    .where(and(where, page))
    .orderBy(...order)
    .limit(filter.limit + 1)
    .offset(cursor ? 0 : filter.offset);
  const items = rows.slice(0, filter.limit);
  const more = rows.length > filter.limit;
  const last = items[items.length - 1];
  const totals = await db
    .select({
      currency: expenses.currency,
      amountMinor: sql<number>`coalesce(sum(${expenses.amountMinor}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(where)
    .groupBy(expenses.currency)
    .orderBy(desc(sql`count(*)`));
  return {
    items,
    total: totals.reduce((n, t) => n + t.count, 0),
    totals,
    nextCursor: more && last && filter.sort === 'date' ? encodeCursor(last.expense) : null,
  };
}

export async function findExpense(db: DbOrTx, orgId: string, id: string): Promise<JoinedExpense | null> {
  const [row] = await joinedQuery(db, orgId).where(
    and(eq(expenses.organizationId, orgId), eq(expenses.id, id)),
  );
  return row ?? null;
}

export async function findJoinedByIds(db: DbOrTx, orgId: string, ids: string[]): Promise<JoinedExpense[]> {
  if (ids.length === 0) return [];
  return joinedQuery(db, orgId).where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids)));
}

export async function findExpenseRow(db: DbOrTx, orgId: string, id: string): Promise<ExpenseRow | null> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertExpense(db: DbOrTx, values: NewExpenseRow): Promise<ExpenseRow> {
  const [row] = await db.insert(expenses).values(values).returning();
  return row;
}

export async function updateExpense(db: DbOrTx, orgId: string, id: string, values: Partial<NewExpenseRow>) {
  const [row] = await db
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteExpenses(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .delete(expenses)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids)))
    .returning({ id: expenses.id, documentKey: expenses.documentKey });
}

export async function countExpenses(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expenses)
    .where(eq(expenses.organizationId, orgId));
  return row?.count ?? 0;
}

/** Existing (date, amount, currency, merchant key, external id) in a date range, for duplicate checks. */
export async function fingerprintsBetween(db: DbOrTx, orgId: string, from: string, to: string) {
  return db
    .select({
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
      merchantKey: expenses.merchantKey,
      externalId: expenses.externalId,
    })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), gte(expenses.date, from), lte(expenses.date, to)));
}

/** Updates many expenses; answers the ids that were this organization's. */
export async function updateExpenses(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  values: Partial<NewExpenseRow>,
) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(expenses)
    .set(values)
    .where(and(eq(expenses.organizationId, orgId), inArray(expenses.id, ids)))
    .returning({ id: expenses.id });
  return rows.map((r) => r.id);
}
