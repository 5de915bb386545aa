// Expense rows: the ledger query (filters, keyset or offset pages, SQL-side totals), single rows,
// and bulk inserts. Every function takes orgId and puts it in its WHERE clause.
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseListFilter, ExpenseSource } from '../../../common/contracts/expenses';
import type { DbOrTx } from '../../db/client';
import { expenseDayTotals, expenses } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';
import { expenseAllocatedBasisPoints, expenseAllocatedTo, hasAllocationFilter } from '../entities';
import { FULL_SHARE_BP } from '../../../common/contracts/entities';
import { subscriptionsOf } from '../subscriptions';
import { vendorsOf } from '../vendors';
import { drillConditions } from './drill-filters.repo';
import { clearReferencesTo } from '../../db/clear-references';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

/** Whether the organization has this expense. */
export async function expenseExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), eq(expenses.id, id)));
  return Boolean(row);
}

export type JoinedExpense = {
  expense: ExpenseRow;
  subscriptionName: string | null;
  suggestedSubscriptionName: string | null;
  vendorName: string | null;
};

function joinedQuery(db: DbOrTx, orgId: string) {
  const app = subscriptionsOf(orgId, 'app');
  const suggested = subscriptionsOf(orgId, 'suggested');
  const vendor = vendorsOf(orgId);
  return db
    .select({
      expense: expenses,
      subscriptionName: app.name,
      suggestedSubscriptionName: suggested.name,
      vendorName: vendor.name,
    })
    .from(expenses)
    .leftJoin(app, eq(app.id, expenses.subscriptionId))
    .leftJoin(suggested, eq(suggested.id, expenses.suggestedSubscriptionId))
    .leftJoin(vendor, eq(vendor.id, expenses.vendorId));
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
    ...drillConditions(orgId, f),
    expenseAllocatedTo(orgId, expenses, f),
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
    // The organization leads the row comparison so it lines up with the (org, date, id) index.
    const row = sql`(${expenses.organizationId}, ${expenses.date}, ${expenses.id})`;
    const after = sql`(${orgId}::uuid, ${cursor.date}::date, ${cursor.id}::uuid)`;
    page = descending ? sql`${row} < ${after}` : sql`${row} > ${after}`;
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
  return {
    items,
    ...(filter.withTotals === 'true' ? await expenseTotals(db, orgId, filter) : {}),
    nextCursor: more && last && filter.sort === 'date' ? encodeCursor(last.expense) : null,
  };
}

/** Filter keys the day rollup answers (dates and match status); any other filter scans the rows. */
const ROLLUP_KEYS = new Set([
  'from',
  'to',
  'match',
  'sort',
  'order',
  'limit',
  'cursor',
  'offset',
  'withTotals',
]);

/** Count and sums per currency of every row the filters select. */
export async function expenseTotals(db: DbOrTx, orgId: string, filter: Partial<ExpenseListFilter>) {
  const answered = Object.entries(filter).every(
    ([key, value]) => value === undefined || ROLLUP_KEYS.has(key) || (key === 'flagged' && value !== 'true'),
  );
  const totals = await (answered ? rollupTotals(db, orgId, filter) : scannedTotals(db, orgId, filter));
  return { total: totals.reduce((n, t) => n + t.count, 0), totals };
}

/** From the (organization, day, currency, match) rollup the expenses triggers keep (migration 0015). */
function rollupTotals(db: DbOrTx, orgId: string, f: Partial<ExpenseListFilter>) {
  const t = expenseDayTotals;
  const count = sql`sum(${t.count})`;
  return db
    .select({
      currency: t.currency,
      amountMinor: sql<number>`sum(${t.amountMinor})::bigint`.mapWith(Number),
      count: sql<number>`${count}::int`,
    })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.from ? gte(t.date, f.from) : undefined,
        f.to ? lte(t.date, f.to) : undefined,
        f.match ? eq(t.matchStatus, f.match) : undefined,
      ),
    )
    .groupBy(t.currency)
    .having(sql`${count} > 0`)
    .orderBy(desc(count), asc(t.currency));
}

/** A charge's amount under the filters: cut by entity/brand, only its share there (a split one is never counted twice). */
export function filteredAmount(orgId: string, filter: Partial<ExpenseListFilter>): SQL {
  return hasAllocationFilter(filter)
    ? sql`round(${expenses.amountMinor}::numeric * ${expenseAllocatedBasisPoints(orgId, expenses, filter)} / ${FULL_SHARE_BP})`
    : sql`${expenses.amountMinor}`;
}

/** The costly path at a million rows: only for filters the rollup does not key on. */
function scannedTotals(db: DbOrTx, orgId: string, filter: Partial<ExpenseListFilter>) {
  const amount = filteredAmount(orgId, filter);
  return db
    .select({
      currency: expenses.currency,
      amountMinor: sql<number>`coalesce(sum(${amount}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(filterConditions(orgId, filter))
    .groupBy(expenses.currency)
    .orderBy(desc(sql`count(*)`), asc(expenses.currency));
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

/** Expenses an accounting connector made, by the provider's ids (`source` names the provider). */
export async function findBySourceIds(db: DbOrTx, orgId: string, source: ExpenseSource, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.source, source),
        inArray(expenses.sourceId, sourceIds),
      ),
    );
}

/** The provider ids (and dates) of a source's expenses whose id starts with `prefix` (a connector's company). */
export async function sourceIdsWithPrefix(db: DbOrTx, orgId: string, source: ExpenseSource, prefix: string) {
  return db
    .select({ sourceId: expenses.sourceId, date: expenses.date })
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        eq(expenses.source, source),
        like(expenses.sourceId, `${escapeLike(prefix)}%`),
      ),
    );
}

/** Deletes expenses (forwarded invoices that made them keep their rows, without the reference). */
export async function deleteExpenses(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  await clearReferencesTo(db, expenses, orgId, ids);
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
      id: expenses.id,
      merchant: expenses.merchant,
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
      merchantKey: expenses.merchantKey,
      externalId: expenses.externalId,
    })
    .from(expenses)
    .where(and(eq(expenses.organizationId, orgId), gte(expenses.date, from), lte(expenses.date, to)))
    .orderBy(expenses.id);
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

/** What every row of one bulk insert shares. */
export interface BulkCommon {
  organizationId: string;
  source: NewExpenseRow['source'];
  importBatchId: string | null;
  paymentMethodId: string | null;
  createdBy: string | null;
  now: Date;
}

export type BulkRow = Pick<
  NewExpenseRow,
  | 'id'
  | 'date'
  | 'amountMinor'
  | 'currency'
  | 'merchant'
  | 'merchantKey'
  | 'merchantName'
  | 'description'
  | 'externalId'
  | 'invoiceNumber'
  | 'matchStatus'
  | 'matchMethod'
  | 'matchConfidence'
  | 'subscriptionId'
  | 'suggestedSubscriptionId'
  | 'vendorId'
  | 'categoryId'
  | 'overExpectedPercent'
  | 'chargedAfterCancellation'
  | 'sourceId'
  | 'sourceUrl'
>;

/**
 * Inserts many expenses with one statement per call: the rows travel as one JSON parameter and
 * json_to_recordset turns them into a table, which is far cheaper to build and parse than
 * tens of thousands of bind parameters. Callers batch (a few thousand rows per call).
 */
export async function bulkInsertExpenses(db: DbOrTx, common: BulkCommon, rows: BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id ?? null,
      d: r.date,
      a: r.amountMinor,
      c: r.currency,
      m: r.merchant,
      k: r.merchantKey,
      n: r.merchantName,
      ds: r.description ?? null,
      x: r.externalId ?? null,
      i: r.invoiceNumber ?? null,
      s: r.matchStatus ?? 'unmatched',
      mm: r.matchMethod ?? null,
      mc: r.matchConfidence ?? null,
      sub: r.subscriptionId ?? null,
      sug: r.suggestedSubscriptionId ?? null,
      v: r.vendorId ?? null,
      cat: r.categoryId ?? null,
      o: r.overExpectedPercent ?? null,
      f: r.chargedAfterCancellation ?? false,
      si: r.sourceId ?? null,
      su: r.sourceUrl ?? null,
    })),
  );
  const now = common.now.toISOString();
  await db.execute(sql`
    insert into expenses (
      id, organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name, description,
      external_id, invoice_number, match_status, match_method, match_confidence, subscription_id,
      suggested_subscription_id, vendor_id, category_id, payment_method_id, source, import_batch_id,
      over_expected_percent, charged_after_cancellation, source_id, source_url, created_by, created_at, updated_at)
    select coalesce(r.id, gen_random_uuid()), ${common.organizationId}::uuid, r.d, r.a, r.c, r.m, r.k, r.n, r.ds, r.x, r.i, r.s, r.mm, r.mc, r.sub,
      r.sug, r.v, r.cat, ${common.paymentMethodId}::uuid, ${common.source}, ${common.importBatchId}::uuid,
      r.o, r.f, r.si, r.su, ${common.createdBy}::uuid, ${now}::timestamptz, ${now}::timestamptz
    from json_to_recordset(${json}::json) as r(
      id uuid, d date, a bigint, c text, m text, k text, n text, ds text, x text, i text, s text, mm text, mc real,
      sub uuid, sug uuid, v uuid, cat uuid, o integer, f boolean, si text, su text)`);
}

/** Ids of charges flagged by reconciliation on or after a date, of one import or any (for cost alerts). */
export async function flaggedExpenseIds(db: DbOrTx, orgId: string, since: string, batchId?: string) {
  const rows = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(
        eq(expenses.organizationId, orgId),
        gte(expenses.date, since),
        batchId ? eq(expenses.importBatchId, batchId) : undefined,
        or(isNotNull(expenses.overExpectedPercent), eq(expenses.chargedAfterCancellation, true)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Matched charges since `since` worth a look (what insights call zombie spend and price increases):
 * dated after their application's cancellation date — read from the application now, so a charge
 * recorded before the cancellation counts too — or flagged above its expected price.
 */
export async function flaggedChargesSince(db: DbOrTx, orgId: string, since: string) {
  const app = subscriptionsOf(orgId, 'app');
  const afterCancellation = sql<boolean>`coalesce(${app.status} = 'cancelled' and ${expenses.date} > ${app.cancelledOn}, false)`;
  return db
    .select({
      id: expenses.id,
      subscriptionId: expenses.subscriptionId,
      date: expenses.date,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
      merchant: expenses.merchant,
      chargedAfterCancellation: afterCancellation,
      overExpectedPercent: expenses.overExpectedPercent,
    })
    .from(expenses)
    .leftJoin(app, eq(app.id, expenses.subscriptionId))
    .where(
      and(
        eq(expenses.organizationId, orgId),
        isNotNull(expenses.subscriptionId),
        gte(expenses.date, since),
        or(afterCancellation, isNotNull(expenses.overExpectedPercent)),
      ),
    )
    .orderBy(asc(expenses.date));
}
