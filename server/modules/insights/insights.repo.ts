// The opportunities, their comments and the ledger's aggregates (insight_opportunities,
// insight_comments): every query is scoped by organization; names come from their owners' exports.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_INSIGHT_STATES, type InsightState } from '../../../common/contracts/insights';
import type { OpportunityType } from '../../../common/insights/opportunity';
import type { DbOrTx } from '../../db/client';
import { insightComments, insightOpportunities } from '../../db/schema';
import { userNames } from '../organizations';
import { peopleOf } from '../people';
import { subscriptionsOf } from '../subscriptions';

const o = insightOpportunities;

export type OpportunityRow = typeof insightOpportunities.$inferSelect;
export type OpportunityPatch = Partial<
  Omit<typeof insightOpportunities.$inferInsert, 'id' | 'organizationId' | 'key'>
>;

/** Not snoozed past `today`: a snoozed opportunity comes back on its date. */
const awake = (today: string) => or(isNull(o.snoozedUntil), lte(o.snoozedUntil, today));

/** Work still to do: an open state, still found by the latest generation, not snoozed. */
export function isOpen(today: string): SQL {
  return and(inArray(o.state, [...OPEN_INSIGHT_STATES]), eq(o.detected, true), awake(today))!;
}

export interface OpportunityFilter {
  types?: OpportunityType[];
  /** 'open', or a list of states (open states among them only while still detected). */
  states: 'open' | InsightState[];
  applicationId?: string;
  ownerUserId?: string;
  minSavingMinor?: number;
  includeSnoozed?: boolean;
}

function filterConditions(orgId: string, today: string, f: OpportunityFilter): SQL {
  const stateCondition =
    f.states === 'open'
      ? and(inArray(o.state, [...OPEN_INSIGHT_STATES]), eq(o.detected, true))
      : and(
          inArray(o.state, f.states),
          or(sql`${o.state} not in ('new', 'reviewing', 'in_progress')`, eq(o.detected, true)),
        );
  return and(
    eq(o.organizationId, orgId),
    stateCondition,
    f.includeSnoozed ? undefined : awake(today),
    f.types?.length ? inArray(o.type, f.types) : undefined,
    f.applicationId ? sql`${f.applicationId}::uuid = any(${o.applicationIds})` : undefined,
    f.ownerUserId ? eq(o.ownerUserId, f.ownerUserId) : undefined,
    f.minSavingMinor !== undefined ? sql`${o.savingMinor} >= ${f.minSavingMinor}` : undefined,
  )!;
}

export type InsightSort = 'saving' | 'newest' | 'due';

const ORDER: Record<InsightSort, SQL[]> = {
  saving: [sql`${o.savingMinor} desc nulls last`, desc(o.countedMinor), desc(o.firstSeenAt), asc(o.id)],
  newest: [desc(o.firstSeenAt), sql`${o.savingMinor} desc nulls last`, asc(o.id)],
  due: [sql`${o.dueDate} asc nulls last`, sql`${o.savingMinor} desc nulls last`, asc(o.id)],
};

/** An opportunity with its comment count and its owner's names (an owner may have left since). */
function listedColumns(orgId: string) {
  const owner = userNames('owner');
  const commentCount = sql<number>`(
    select count(*) from ${insightComments}
    where ${insightComments.organizationId} = ${orgId} and ${insightComments.opportunityId} = ${o.id}
  )`.mapWith(Number);
  return {
    owner,
    columns: {
      row: o,
      commentCount,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
    },
  };
}

export type ListedOpportunity = Awaited<ReturnType<typeof selectListed>>[number];

function selectListed(
  db: DbOrTx,
  orgId: string,
  where: SQL,
  orderBy: SQL[],
  page?: { limit: number; offset: number },
) {
  const { owner, columns } = listedColumns(orgId);
  const query = db
    .select(columns)
    .from(o)
    .leftJoin(owner, eq(owner.id, o.ownerUserId))
    .where(where)
    .orderBy(...orderBy);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function listOpportunities(
  db: DbOrTx,
  orgId: string,
  today: string,
  filter: OpportunityFilter,
  sort: InsightSort,
  page: { limit: number; offset: number },
) {
  const where = filterConditions(orgId, today, filter);
  const [rows, [counted]] = await Promise.all([
    selectListed(db, orgId, where, ORDER[sort], page),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(o)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The open opportunities with the largest counted saving. */
/** The actions to take first: the largest counted savings we are sure enough of (low confidence last). */
export function topOpenOpportunities(db: DbOrTx, orgId: string, today: string, limit: number) {
  return selectListed(
    db,
    orgId,
    and(eq(o.organizationId, orgId), isOpen(today))!,
    [sql`${o.confidence} = 'low'`, desc(o.countedMinor), sql`${o.savingMinor} desc nulls last`, asc(o.id)],
    { limit, offset: 0 },
  );
}

/** Every opportunity of the organization (the pipeline export), largest saving first. */
export function allOpportunities(db: DbOrTx, orgId: string) {
  return selectListed(db, orgId, eq(o.organizationId, orgId), ORDER.saving);
}

export async function findListedOpportunity(db: DbOrTx, orgId: string, id: string) {
  const [row] = await selectListed(db, orgId, and(eq(o.organizationId, orgId), eq(o.id, id))!, []);
  return row ?? null;
}

/** The row itself, locked for the rest of the transaction when `lock` is set. */
export async function findOpportunity(db: DbOrTx, orgId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(o)
    .where(and(eq(o.organizationId, orgId), eq(o.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOpportunity(db: DbOrTx, orgId: string, id: string, patch: OpportunityPatch) {
  await db
    .update(o)
    .set(patch)
    .where(and(eq(o.organizationId, orgId), eq(o.id, id)));
}

/** Open, not snoozed, detected: how many and what they save, counted once, per type. */
export async function openTotalsByType(db: DbOrTx, orgId: string, today: string) {
  return db
    .select({
      type: o.type,
      count: sql<number>`count(*)`.mapWith(Number),
      savingMinor: sql<number>`coalesce(sum(${o.countedMinor}), 0)`.mapWith(Number),
    })
    .from(o)
    .where(and(eq(o.organizationId, orgId), isOpen(today)))
    .groupBy(o.type)
    .orderBy(sql`3 desc`, asc(o.type));
}

/** Application names by id (one query for any number of ids). */
export async function applicationNamesById(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const apps = subscriptionsOf(orgId);
  const rows = await db.select({ id: apps.id, name: apps.name }).from(apps).where(inArray(apps.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** People's names by id (one query for any number of ids). */
export async function personNamesById(db: DbOrTx, orgId: string, ids: string[]) {
  const names = new Map<
    string,
    { firstName: string | null; lastName: string | null; email: string | null }
  >();
  if (ids.length === 0) return names;
  const person = peopleOf(orgId);
  const rows = await db
    .select({ id: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email })
    .from(person)
    .where(inArray(person.id, ids));
  for (const r of rows) names.set(r.id, r);
  return names;
}

export async function listComments(db: DbOrTx, orgId: string, opportunityId: string) {
  const author = userNames('author');
  return db
    .select({
      id: insightComments.id,
      body: insightComments.body,
      createdAt: insightComments.createdAt,
      authorId: author.id,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorEmail: author.email,
    })
    .from(insightComments)
    .leftJoin(author, eq(author.id, insightComments.authorUserId))
    .where(and(eq(insightComments.organizationId, orgId), eq(insightComments.opportunityId, opportunityId)))
    .orderBy(asc(insightComments.createdAt), asc(insightComments.id));
}

export async function insertComment(
  db: DbOrTx,
  values: { orgId: string; opportunityId: string; authorUserId: string; body: string; at: Date },
) {
  const [row] = await db
    .insert(insightComments)
    .values({
      organizationId: values.orgId,
      opportunityId: values.opportunityId,
      authorUserId: values.authorUserId,
      body: values.body,
      createdAt: values.at,
    })
    .returning({ id: insightComments.id });
  return row!.id;
}

// --- The savings ledger: SQL aggregates --------------------------------------------------------

export interface LedgerWindow {
  today: string;
  /** The current fiscal year: [start, end) as UTC instants. */
  fiscalYearFrom: Date;
  fiscalYearTo: Date;
}

/** An instant as a parameter of raw SQL (drivers differ on Date parameters). */
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

function ledgerFigures(w: LedgerWindow) {
  const open = isOpen(w.today);
  const realized = eq(o.state, 'realized');
  const money = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  return {
    count: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
    identifiedMinor: money(sql`case when ${open} then ${o.countedMinor} end`),
    inProgressMinor: money(sql`case when ${open} and ${o.state} = 'in_progress' then ${o.countedMinor} end`),
    realizedFiscalYearMinor: money(
      sql`case when ${realized} and ${o.realizedAt} >= ${ts(w.fiscalYearFrom)} and ${o.realizedAt} < ${ts(w.fiscalYearTo)} then ${o.realizedMinor} end`,
    ),
    realizedAllTimeMinor: money(sql`case when ${realized} then ${o.realizedMinor} end`),
  };
}

/** Rows that count in the ledger: open ones and realized ones. */
const inLedger = (today: string) =>
  or(isOpen(today), and(eq(o.state, 'realized'), isNotNull(o.realizedMinor)));

export async function ledgerTotals(db: DbOrTx, orgId: string, w: LedgerWindow) {
  const [row] = await db
    .select(ledgerFigures(w))
    .from(o)
    .where(and(eq(o.organizationId, orgId), inLedger(w.today)));
  return row!;
}

export async function ledgerByType(db: DbOrTx, orgId: string, w: LedgerWindow) {
  return db
    .select({ type: o.type, ...ledgerFigures(w) })
    .from(o)
    .where(and(eq(o.organizationId, orgId), inLedger(w.today)))
    .groupBy(o.type)
    .orderBy(asc(o.type));
}

export async function ledgerByOwner(db: DbOrTx, orgId: string, w: LedgerWindow) {
  const owner = userNames('owner');
  return db
    .select({
      ownerId: o.ownerUserId,
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: owner.email,
      ...ledgerFigures(w),
    })
    .from(o)
    .leftJoin(owner, eq(owner.id, o.ownerUserId))
    .where(and(eq(o.organizationId, orgId), inLedger(w.today)))
    .groupBy(o.ownerUserId, owner.firstName, owner.lastName, owner.email)
    .orderBy(sql`${o.ownerUserId} is null`, asc(owner.firstName), asc(owner.lastName), asc(o.ownerUserId));
}

/** By the department of each opportunity's first application (null when it has none). */
export async function ledgerByDepartment(db: DbOrTx, orgId: string, w: LedgerWindow) {
  const apps = subscriptionsOf(orgId, 'first_app');
  return db
    .select({ department: apps.department, ...ledgerFigures(w) })
    .from(o)
    .leftJoin(apps, sql`${apps.id} = ${o.applicationIds}[1]`)
    .where(and(eq(o.organizationId, orgId), inLedger(w.today)))
    .groupBy(apps.department)
    .orderBy(sql`${apps.department} asc nulls last`);
}

/** Realized savings per month (YYYY-MM, UTC) from `from` on. */
export async function realizedByMonth(db: DbOrTx, orgId: string, from: Date) {
  const month = sql<string>`to_char(${o.realizedAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, realizedMinor: sql<number>`coalesce(sum(${o.realizedMinor}), 0)`.mapWith(Number) })
    .from(o)
    .where(and(eq(o.organizationId, orgId), eq(o.state, 'realized'), sql`${o.realizedAt} >= ${ts(from)}`))
    .groupBy(month)
    .orderBy(month);
}

export type LedgerFigures = Awaited<ReturnType<typeof ledgerTotals>>;
