// The generation's writes to insight_opportunities: set-based (one statement per few thousand
// rows, the rows as one JSON parameter), so an organization with thousands of opportunities costs
// a handful of statements.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InsightBaseline, InsightState } from '../../../common/contracts/insights';
import type { SavingClaim } from '../../../common/insights/opportunity';
import type { DbOrTx } from '../../db/client';
import { insightOpportunities } from '../../db/schema';
import { isOpen } from './insights.repo';

const CHUNK = 2_000;
const o = insightOpportunities;

/** What generation needs of a stored opportunity to merge a new finding into it. */
export interface StoredOpportunity {
  id: string;
  key: string;
  state: InsightState;
  snoozedUntil: string | null;
  savingMinor: number | null;
  dismissedSavingMinor: number | null;
  baseline: InsightBaseline | null;
  applicationIds: string[];
  /** The merchant keys of its charge claims. */
  chargeUnits: string[];
}

/**
 * Serialises generations of one organization (a daily run and a "Refresh now" on two servers): the
 * second waits for the first to commit, then merges into what it wrote.
 */
export async function lockGeneration(tx: DbOrTx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`insights:${orgId}`}, 0))`);
}

/** The organization's opportunities as generation merges into them. */
export async function storedOpportunities(tx: DbOrTx, orgId: string): Promise<StoredOpportunity[]> {
  return tx
    .select({
      id: o.id,
      key: o.key,
      state: o.state,
      snoozedUntil: o.snoozedUntil,
      savingMinor: o.savingMinor,
      dismissedSavingMinor: o.dismissedSavingMinor,
      // Realized and dismissed ones are never measured: their baselines stay in the database.
      baseline: sql<InsightBaseline | null>`case when ${o.state} in ('new', 'reviewing', 'in_progress') then ${o.baseline} end`,
      applicationIds: o.applicationIds,
      chargeUnits: sql<
        string[]
      >`coalesce((select array_agg(c ->> 'unit') from jsonb_array_elements(${o.claims}) c
        where c ->> 'kind' = 'charge'), '{}')`,
    })
    .from(o)
    .where(eq(o.organizationId, orgId));
}

/** One opportunity as found by this generation, in its row's shape. */
export interface FoundRow {
  id: string;
  key: string;
  type: string;
  title: string;
  explanation: string;
  evidence: unknown;
  saving_minor: number | null;
  counted_minor: number;
  currency: string;
  arithmetic: string | null;
  saving_unavailable: string | null;
  confidence: string;
  confidence_reason: string;
  application_ids: string[];
  person_ids: string[];
  claims: unknown;
  decision: unknown;
  action_path: string;
  action_text: string;
  /** Taken when it is inserted (an existing row keeps its own). */
  baseline: InsightBaseline;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

// The counted saving is not content: recountOpen keeps it (it depends on what else is open).
const CONTENT = [
  'type',
  'title',
  'explanation',
  'evidence',
  'saving_minor',
  'currency',
  'arithmetic',
  'saving_unavailable',
  'confidence',
  'confidence_reason',
  'application_ids',
  'person_ids',
  'claims',
  'decision',
  'action_path',
  'action_text',
].map((c) => sql.identifier(c));
const columns = (table: string) =>
  sql.join(
    CONTENT.map((c) => sql`${sql.identifier(table)}.${c}`),
    sql`, `,
  );

/**
 * Inserts new opportunities (state 'new') and updates found ones in place: their content and
 * counted saving when they changed (an unchanged row is not rewritten: its evidence can be large),
 * detected and last seen always. State, owner, due date, snooze and comments stay as people left
 * them; realized ones are left alone.
 */
export async function upsertFound(
  tx: DbOrTx,
  orgId: string,
  rows: FoundRow[],
  stored: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      insert into insight_opportunities as t (id, organization_id, key, type, title, explanation,
        evidence, saving_minor, counted_minor, currency, arithmetic, saving_unavailable, confidence,
        confidence_reason, application_ids, person_ids, claims, decision, action_path, action_text, detected,
        state, baseline, first_seen_at, last_seen_at, state_changed_at, created_at, updated_at)
      select r.id, ${orgId}::uuid, r.key, r.type, r.title, r.explanation, r.evidence, r.saving_minor,
        r.counted_minor, r.currency, r.arithmetic, r.saving_unavailable, r.confidence,
        r.confidence_reason, r.application_ids, r.person_ids, r.claims, r.decision, r.action_path, r.action_text,
        true, 'new', r.baseline, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      from json_populate_recordset(null::insight_opportunities, ${json(chunk)}) r
      on conflict (organization_id, key) do update set
        ${sql.join(
          CONTENT.map((c) => sql`${c} = excluded.${c}`),
          sql`, `,
        )},
        updated_at = excluded.updated_at,
        baseline = coalesce(t.baseline, excluded.baseline)
      where t.state <> 'realized' and (${columns('t')}) is distinct from (${columns('excluded')})`),
  );
  await inChunks(
    rows.flatMap((r) => (stored.has(r.id) ? [r.id] : [])),
    (ids) =>
      tx.execute(sql`
        update insight_opportunities set detected = true, last_seen_at = ${at}::timestamptz
        where organization_id = ${orgId}::uuid and state <> 'realized'
          and id in (select json_array_elements_text(${json(ids)})::uuid)`),
  );
}

/**
 * Dismissed opportunities whose saving grew by more than half: back to 'new', the dismissal
 * cleared, the baseline taken again (what the subject costs now). Only rows still dismissed.
 */
export async function reopen(
  tx: DbOrTx,
  orgId: string,
  rows: Array<{ id: string; baseline: InsightBaseline }>,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      update insight_opportunities t set state = 'new', dismiss_reason = null, dismiss_note = null,
        dismissed_saving_minor = null, baseline = r.baseline, state_changed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      from json_to_recordset(${json(chunk)}) as r(id uuid, baseline jsonb)
      where t.organization_id = ${orgId}::uuid and t.id = r.id and t.state = 'dismissed'`),
  );
}

/** Open or dismissed opportunities this generation did not find: they leave the open lists. */
export async function markVanished(tx: DbOrTx, orgId: string, ids: string[], now: Date): Promise<void> {
  await inChunks(ids, (chunk) =>
    tx.execute(sql`
      update insight_opportunities set detected = false, updated_at = ${now.toISOString()}::timestamptz
      where organization_id = ${orgId}::uuid and detected
        and id in (select json_array_elements_text(${json(chunk)})::uuid)`),
  );
}

export interface Realisation {
  id: string;
  realizedMinor: number;
  afterAnnualMinor: number;
}

/** Open opportunities whose saving happened: realized on their own, with the measured figures. */
export async function realize(tx: DbOrTx, orgId: string, rows: Realisation[], now: Date): Promise<void> {
  const at = now.toISOString();
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      update insight_opportunities t set state = 'realized', realized_source = 'auto',
        realized_minor = r.realized_minor, after_annual_minor = r.after_annual_minor,
        realized_at = ${at}::timestamptz, state_changed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      from json_to_recordset(${json(chunk.map((c) => ({ id: c.id, realized_minor: c.realizedMinor, after_annual_minor: c.afterAnnualMinor })))})
        as r(id uuid, realized_minor bigint, after_annual_minor bigint)
      where t.organization_id = ${orgId}::uuid and t.id = r.id
        and t.state in ('new', 'reviewing', 'in_progress')`),
  );
}

/** New baselines for open opportunities (after another one on the same applications was realized). */
export async function saveBaselines(
  tx: DbOrTx,
  orgId: string,
  rows: Array<{ id: string; baseline: InsightBaseline }>,
): Promise<void> {
  await inChunks(rows, (chunk) =>
    tx.execute(sql`
      update insight_opportunities t set baseline = r.baseline
      from json_to_recordset(${json(chunk)}) as r(id uuid, baseline jsonb)
      where t.organization_id = ${orgId}::uuid and t.id = r.id`),
  );
}

/** An open opportunity as counting needs it. */
export interface OpenClaims {
  id: string;
  key: string;
  title: string;
  countedMinor: number;
  claims: SavingClaim[];
}

/** The open opportunities' claims (open states, still detected, not snoozed), in a stable order. */
export function openClaims(db: DbOrTx, orgId: string, today: string): Promise<OpenClaims[]> {
  return db
    .select({ id: o.id, key: o.key, title: o.title, countedMinor: o.countedMinor, claims: o.claims })
    .from(o)
    .where(and(eq(o.organizationId, orgId), isOpen(today)))
    .orderBy(asc(o.key));
}

/** Writes the counted savings: the given ones, and 0 for every other (not open) opportunity. */
export async function saveCounted(
  db: DbOrTx,
  orgId: string,
  counted: ReadonlyArray<{ id: string; countedMinor: number }>,
): Promise<void> {
  await inChunks([...counted], (chunk) =>
    db.execute(sql`
      update insight_opportunities t set counted_minor = r.counted_minor
      from json_to_recordset(${json(chunk.map((c) => ({ id: c.id, counted_minor: c.countedMinor })))})
        as r(id uuid, counted_minor bigint)
      where t.organization_id = ${orgId}::uuid and t.id = r.id and t.counted_minor <> r.counted_minor`),
  );
  await db.execute(sql`
    update insight_opportunities set counted_minor = 0
    where organization_id = ${orgId}::uuid and counted_minor <> 0
      and id not in (select json_array_elements_text(${json(counted.map((c) => c.id))})::uuid)`);
}
