// The insights use cases (issue 16): the opportunity list and detail, the pipeline's moves,
// comments, "Refresh now", the savings ledger, the thresholds and the pipeline export.
import { displayName } from '../../../common/display-name';
import type { z } from 'zod';
import {
  DISMISS_REASON_LABELS,
  INSIGHT_STATE_LABELS,
  OPEN_INSIGHT_STATES,
  OPPORTUNITY_TYPE_LABELS,
  type InsightState,
  type insightListQuery,
  type insightPatchBody,
} from '../../../common/contracts/insights';
import { addMonths, fiscalYearStart, startOfMonth, todayInTimeZone } from '../../../common/dates';
import type { InsightSettings } from '../../../common/insights/settings';
import { INACTIVITY_DAY_CHOICES, isInactivityChoice } from '../../../common/licenses';
import type { insightSettingsPatch } from '../../../common/insights/settings';
import { AppError, invalidFields, notFound } from '../../errors';
import { resolveTable, type ExportColumn, type ResolvedTable } from '../../lib/table-export/columns';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { findMember, updateOrganization } from '../organizations';
import { recountForRead, recountOpen, type OpenCount } from './counted';
import { lockGeneration } from './opportunities.repo';
import { generateInsights } from './generate';
import { claimRefresh, loadInsightSettings, saveInsightSettings } from './insight-settings.repo';
import * as repo from './insights.repo';
import { explanationOf } from './narrative';
import { baselineAnnualMinor } from './realisation';
import { plural, pluralWord } from '../../../common/wording';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'org' | 'actor' | 'now'>;
type ListQuery = z.output<typeof insightListQuery>;
type PatchInput = z.output<typeof insightPatchBody>;
type SettingsPatch = z.output<typeof insightSettingsPatch>;

/** "Refresh now" at most once per 5 minutes per organization (spec). */
export const REFRESH_INTERVAL_MS = 5 * 60 * 1000;

const OPEN = new Set<InsightState>(OPEN_INSIGHT_STATES);
const today = (deps: ServiceDeps) => todayInTimeZone(deps.clock.now());

// --- Presenting -------------------------------------------------------------------------------

interface Names {
  applications: Map<string, string>;
  people: Map<string, { firstName: string | null; lastName: string | null; email: string | null }>;
}

/** The names of every application and person the rows mention: one query each, whatever the count. */
async function namesFor(deps: ServiceDeps, orgId: string, rows: repo.ListedOpportunity[]): Promise<Names> {
  const appIds = new Set<string>();
  const personIds = new Set<string>();
  for (const { row } of rows) {
    for (const id of row.applicationIds) appIds.add(id);
    for (const id of row.personIds) personIds.add(id);
  }
  const [applications, people] = await Promise.all([
    repo.applicationNamesById(deps.db, orgId, [...appIds]),
    repo.personNamesById(deps.db, orgId, [...personIds]),
  ]);
  return { applications, people };
}

/** The measured annual cost before a change: the baseline's applications and charges. */
function beforeAnnualMinor(row: repo.OpportunityRow): number | null {
  return row.afterAnnualMinor === null || !row.baseline ? null : baselineAnnualMinor(row.baseline);
}

function present(listed: repo.ListedOpportunity, names: Names, count?: OpenCount) {
  const { row } = listed;
  return {
    id: row.id,
    type: row.type,
    key: row.key,
    title: row.title,
    explanation: explanationOf(row),
    savingMinor: row.savingMinor,
    // Counted only while open (open state, detected, not snoozed): 0 otherwise.
    countedMinor: count ? (count.byId.get(row.id)?.countedMinor ?? 0) : row.countedMinor,
    /** The open opportunities it shares a saving with (the headline counts the shared part once). */
    overlapsWith: count?.byId.get(row.id)?.overlapsWith ?? [],
    /** The application decision (usage known or not, the renewal's seats, the alternatives). */
    decision: row.decision ?? null,
    currency: row.currency,
    arithmetic: row.arithmetic,
    savingUnavailable: row.savingUnavailable,
    confidence: row.confidence,
    confidenceReason: row.confidenceReason,
    applications: row.applicationIds.flatMap((id) => {
      const name = names.applications.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    people: row.personIds.flatMap((id) => {
      const person = names.people.get(id);
      return person ? [{ id, name: displayName(person) }] : [];
    }),
    action: { path: row.actionPath, text: row.actionText },
    state: row.state,
    detected: row.detected,
    owner: row.ownerUserId
      ? {
          id: row.ownerUserId,
          name: displayName({
            firstName: listed.ownerFirstName,
            lastName: listed.ownerLastName,
            email: listed.ownerEmail,
          }),
        }
      : null,
    dueDate: row.dueDate,
    snoozedUntil: row.snoozedUntil,
    dismissReason: row.dismissReason,
    dismissNote: row.dismissNote,
    realizedMinor: row.realizedMinor,
    realizedSource: row.realizedSource,
    beforeAnnualMinor: beforeAnnualMinor(row),
    afterAnnualMinor: row.afterAnnualMinor,
    realizedAt: row.realizedAt,
    commentCount: listed.commentCount,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
    updatedAt: row.updatedAt,
  };
}
export type PresentedInsight = ReturnType<typeof present>;

async function presentMany(
  deps: ServiceDeps,
  orgId: string,
  rows: repo.ListedOpportunity[],
  count?: OpenCount,
) {
  const [names, counted] = await Promise.all([
    namesFor(deps, orgId, rows),
    count ?? recountForRead(deps.db, orgId, today(deps)),
  ]);
  return rows.map((row) => present(row, names, counted));
}

const refreshAvailableAt = (requestedAt: Date | null, now: Date) => {
  if (!requestedAt) return null;
  const at = new Date(requestedAt.getTime() + REFRESH_INTERVAL_MS);
  return at > now ? at : null;
};

function presentComment(c: Awaited<ReturnType<typeof repo.listComments>>[number]) {
  const author = { firstName: c.authorFirstName, lastName: c.authorLastName, email: c.authorEmail };
  return {
    id: c.id,
    body: c.body,
    author: c.authorId ? { id: c.authorId, name: displayName(author) } : null,
    createdAt: c.createdAt,
  };
}

// --- Reads ------------------------------------------------------------------------------------

export async function listInsights(deps: ServiceDeps, ctx: Ctx, query: ListQuery) {
  const day = today(deps);
  const filter: repo.OpportunityFilter = {
    types: query.type,
    states: query.state,
    applicationId: query.applicationId,
    ownerUserId: query.ownerUserId,
    minSavingMinor: query.minSavingMinor,
    includeSnoozed: query.includeSnoozed,
  };
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  // First: the counted savings the list sorts by and the totals add up.
  const count = await recountForRead(deps.db, ctx.orgId, day);
  const [{ rows, total }, byType, settings] = await Promise.all([
    repo.listOpportunities(deps.db, ctx.orgId, day, filter, query.sort, page),
    repo.openTotalsByType(deps.db, ctx.orgId, day),
    loadInsightSettings(deps.db, ctx.orgId),
  ]);
  return {
    items: await presentMany(deps, ctx.orgId, rows, count),
    total,
    page: query.page,
    pageSize: query.pageSize,
    currency: ctx.org.currency,
    totals: {
      openCount: byType.reduce((n, t) => n + t.count, 0),
      identifiedMinor: count.annualMinor,
      byType,
    },
    generatedAt: settings.generatedAt,
    refreshAvailableAt: refreshAvailableAt(settings.refreshRequestedAt, deps.clock.now()),
  };
}

/**
 * An application's open opportunities as Insights lists them (largest saving first), with the same
 * counted savings and decisions: what the negotiation pack shows.
 */
export async function openInsightsOf(deps: ServiceDeps, ctx: Ctx, applicationId: string, limit: number) {
  const day = today(deps);
  const count = await recountForRead(deps.db, ctx.orgId, day);
  const { rows } = await repo.listOpportunities(
    deps.db,
    ctx.orgId,
    day,
    { states: 'open', applicationId },
    'saving',
    { limit, offset: 0 },
  );
  return presentMany(deps, ctx.orgId, rows, count);
}

export async function getInsight(deps: ServiceDeps, ctx: Ctx, id: string) {
  const listed = await repo.findListedOpportunity(deps.db, ctx.orgId, id);
  if (!listed) throw notFound('Opportunity');
  const [[insight], comments] = await Promise.all([
    presentMany(deps, ctx.orgId, [listed]),
    repo.listComments(deps.db, ctx.orgId, id),
  ]);
  return {
    ...insight!,
    evidence: listed.row.evidence,
    comments: comments.map(presentComment),
  };
}

// --- The pipeline -----------------------------------------------------------------------------

/** Which state changes people may make: open ↔ open, open → dismissed or realized, closed → new. */
function transitionAllowed(from: InsightState, to: InsightState): boolean {
  if (from === to) return true;
  if (OPEN.has(from)) return true;
  return to === 'new';
}

const CLEARED_OUTCOME = {
  dismissReason: null,
  dismissNote: null,
  dismissedSavingMinor: null,
  realizedMinor: null,
  realizedSource: null,
  realizedAt: null,
  afterAnnualMinor: null,
} as const;

export async function patchInsight(deps: ServiceDeps, ctx: Ctx, id: string, input: PatchInput) {
  const now = deps.clock.now();
  const day = todayInTimeZone(now);
  await deps.db.transaction(async (tx) => {
    // First the generation lock (as generation takes it before its row locks): the recount below
    // sees what a running generation wrote.
    await lockGeneration(tx, ctx.orgId);
    const before = await repo.findOpportunity(tx, ctx.orgId, id, true);
    if (!before) throw notFound('Opportunity');
    const to = input.state ?? before.state;
    const issues: Array<{ field: string; message: string }> = [];
    if (!transitionAllowed(before.state, to)) {
      issues.push({
        field: 'state',
        message: `A ${INSIGHT_STATE_LABELS[before.state].toLowerCase()} opportunity can only be reopened (state: new)`,
      });
    }
    if ((input.dismissReason !== undefined || input.dismissNote !== undefined) && to !== 'dismissed') {
      issues.push({ field: 'dismissReason', message: 'Only when dismissing (state: dismissed)' });
    }
    if (input.realizedMinor !== undefined && to !== 'realized') {
      issues.push({ field: 'realizedMinor', message: 'Only when marking realized (state: realized)' });
    }
    if (input.snoozedUntil && input.snoozedUntil <= day) {
      issues.push({ field: 'snoozedUntil', message: `Pick a date after today (${day})` });
    }
    if (input.ownerUserId && !(await findMember(tx, ctx.orgId, input.ownerUserId))) {
      issues.push({ field: 'ownerUserId', message: 'Not a member of this organization' });
    }
    if (issues.length > 0) throw invalidFields(issues);

    const patch: repo.OpportunityPatch = {};
    if (input.ownerUserId !== undefined) patch.ownerUserId = input.ownerUserId;
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate;
    if (input.snoozedUntil !== undefined) patch.snoozedUntil = input.snoozedUntil;
    if (input.state !== undefined && input.state !== before.state) {
      patch.state = input.state;
      patch.stateChangedAt = now;
      if (!OPEN.has(before.state)) Object.assign(patch, CLEARED_OUTCOME);
    }
    if (to === 'dismissed' && input.dismissReason !== undefined) {
      patch.dismissReason = input.dismissReason;
      patch.dismissNote = input.dismissNote || null;
      if (before.state !== 'dismissed') patch.dismissedSavingMinor = before.savingMinor;
    }
    if (to === 'realized' && input.realizedMinor !== undefined) {
      patch.realizedMinor = input.realizedMinor;
      patch.realizedSource = 'manual';
      patch.afterAnnualMinor = null;
      if (before.state !== 'realized' || before.realizedAt === null) patch.realizedAt = now;
    }
    const changes = diffChanges(before as Record<string, unknown>, patch as Record<string, unknown>);
    delete changes.stateChangedAt;
    if (Object.keys(changes).length === 0) return;
    await repo.updateOpportunity(tx, ctx.orgId, id, { ...patch, updatedAt: now });
    // Dismissing, snoozing or realizing one changes what the others count.
    await recountOpen(tx, ctx.orgId, day);
    await recordAudit(tx, ctx, {
      action: 'insight.update',
      entityType: 'insight',
      entityId: id,
      changes,
    });
  });
  return getInsight(deps, ctx, id);
}

export async function addComment(deps: ServiceDeps, ctx: Ctx, id: string, body: string) {
  const now = deps.clock.now();
  const commentId = await deps.db.transaction(async (tx) => {
    const opportunity = await repo.findOpportunity(tx, ctx.orgId, id);
    if (!opportunity) throw notFound('Opportunity');
    const created = await repo.insertComment(tx, {
      orgId: ctx.orgId,
      opportunityId: id,
      authorUserId: ctx.userId,
      body,
      at: now,
    });
    await repo.updateOpportunity(tx, ctx.orgId, id, { updatedAt: now });
    return created;
  });
  const comments = await repo.listComments(deps.db, ctx.orgId, id);
  return presentComment(comments.find((comment) => comment.id === commentId)!);
}

/** "Refresh now": one claim per organization per 5 minutes, then a generation. */
export async function refreshInsights(deps: ServiceDeps, ctx: Ctx) {
  const requestedAt = deps.clock.now();
  const availableAt = await claimRefresh(deps.db, ctx.orgId, requestedAt, REFRESH_INTERVAL_MS);
  if (availableAt) {
    const minutes = Math.max(1, Math.ceil((availableAt.getTime() - requestedAt.getTime()) / 60_000));
    throw new AppError(
      'rate_limited',
      `Insights were refreshed moments ago. You can refresh again in ${plural(minutes, 'minute')}.`,
      {
        reason: 'refresh_too_soon',
        refreshAvailableAt: availableAt.toISOString(),
        retryAfter: Math.max(1, Math.ceil((availableAt.getTime() - requestedAt.getTime()) / 1000)),
      },
    );
  }
  // Generation records its own time (markGenerated), in its transaction.
  const result = await generateInsights(deps, ctx.orgId, requestedAt);
  return {
    generatedAt: requestedAt,
    ...result,
    refreshAvailableAt: new Date(requestedAt.getTime() + REFRESH_INTERVAL_MS),
  };
}

// --- The savings ledger -----------------------------------------------------------------------

const LAST_MONTHS = 12;

export async function insightSummary(deps: ServiceDeps, ctx: Ctx) {
  const day = today(deps);
  const fyStart = fiscalYearStart(day, ctx.org.fiscalYearStartMonth);
  const window: repo.LedgerWindow = {
    today: day,
    fiscalYearFrom: new Date(`${fyStart}T00:00:00Z`),
    fiscalYearTo: new Date(`${addMonths(fyStart, 12)}T00:00:00Z`),
  };
  const firstMonth = addMonths(startOfMonth(day), -(LAST_MONTHS - 1));
  const count = await recountForRead(deps.db, ctx.orgId, day);
  const [totals, byType, byOwner, byDepartment, months, top, settings] = await Promise.all([
    repo.ledgerTotals(deps.db, ctx.orgId, window),
    repo.ledgerByType(deps.db, ctx.orgId, window),
    repo.ledgerByOwner(deps.db, ctx.orgId, window),
    repo.ledgerByDepartment(deps.db, ctx.orgId, window),
    repo.realizedByMonth(deps.db, ctx.orgId, new Date(`${firstMonth}T00:00:00Z`)),
    repo.topOpenOpportunities(deps.db, ctx.orgId, day, 3),
    loadInsightSettings(deps.db, ctx.orgId),
  ]);
  const realized = new Map(months.map((m) => [m.month, m.realizedMinor]));
  const figures = <T extends repo.LedgerFigures>(r: T) => ({
    count: r.count,
    identifiedMinor: r.identifiedMinor,
    inProgressMinor: r.inProgressMinor,
    realizedFiscalYearMinor: r.realizedFiscalYearMinor,
    realizedAllTimeMinor: r.realizedAllTimeMinor,
  });
  return {
    currency: ctx.org.currency,
    fiscalYearStart: fyStart,
    identifiedMinor: totals.identifiedMinor,
    inProgressMinor: totals.inProgressMinor,
    realizedFiscalYearMinor: totals.realizedFiscalYearMinor,
    realizedAllTimeMinor: totals.realizedAllTimeMinor,
    openCount: totals.count,
    topActions: await presentMany(deps, ctx.orgId, top, count),
    byType: byType.map((r) => ({ type: r.type, ...figures(r) })),
    byOwner: byOwner.map((r) => ({
      owner: r.ownerId ? { id: r.ownerId, name: displayName(r) } : null,
      ...figures(r),
    })),
    byDepartment: byDepartment.map((r) => ({ department: r.department, ...figures(r) })),
    realizedByMonth: Array.from({ length: LAST_MONTHS }, (_, i) => {
      const month = addMonths(firstMonth, i).slice(0, 7);
      return { month, realizedMinor: realized.get(month) ?? 0 };
    }),
    generatedAt: settings.generatedAt,
  };
}

// --- Settings ---------------------------------------------------------------------------------

export async function getSettings(deps: ServiceDeps, ctx: Ctx): Promise<InsightSettings> {
  return (await loadInsightSettings(deps.db, ctx.orgId)).settings;
}

export async function patchSettings(deps: ServiceDeps, ctx: Ctx, input: SettingsPatch) {
  const now = deps.clock.now();
  const patch = { ...input };
  if (patch.exemptApplicationIds) {
    const ids = [...new Set(patch.exemptApplicationIds)];
    const known = await repo.applicationNamesById(deps.db, ctx.orgId, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw invalidFields([
        {
          field: 'exemptApplicationIds',
          message: `Unknown ${pluralWord(unknown.length, 'application')}: ${unknown.join(', ')}`,
        },
      ]);
    }
    patch.exemptApplicationIds = ids;
  }
  // The idle threshold is the organization's one activity window (30, 60 or 90 days, as on Licenses).
  if (patch.inactiveDays !== undefined && !isInactivityChoice(patch.inactiveDays)) {
    throw invalidFields([
      { field: 'inactiveDays', message: `Choose ${INACTIVITY_DAY_CHOICES.join(', ')} days` },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const before = (await loadInsightSettings(tx, ctx.orgId)).settings;
    if (patch.inactiveDays !== undefined && patch.inactiveDays !== before.inactiveDays) {
      await updateOrganization(tx, ctx.orgId, { licenseInactivityDays: patch.inactiveDays }, now);
    }
    const after = await saveInsightSettings(tx, ctx.orgId, patch, now);
    const changes = diffChanges(before as unknown as Record<string, unknown>, patch);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, {
        action: 'insight_settings.update',
        entityType: 'insight_settings',
        entityId: ctx.orgId,
        changes,
      });
    }
    return after;
  });
}

// --- The pipeline export ----------------------------------------------------------------------

type Column = ExportColumn<PresentedInsight>;

const money = (header: string, pick: (i: PresentedInsight) => number | null): Column => ({
  header,
  kind: 'money',
  width: 14,
  value: pick,
  currency: (i) => i.currency,
});

const PIPELINE_COLUMNS: Column[] = [
  { header: 'Type', kind: 'text', width: 20, value: (i) => OPPORTUNITY_TYPE_LABELS[i.type] },
  { header: 'Title', kind: 'text', width: 48, value: (i) => i.title },
  {
    header: 'Applications',
    kind: 'text',
    width: 28,
    value: (i) => i.applications.map((a) => a.name).join(', '),
  },
  money('Yearly saving', (i) => i.savingMinor),
  money('Counted saving', (i) => i.countedMinor),
  { header: 'Currency', kind: 'text', width: 9, value: (i) => i.currency },
  { header: 'Confidence', kind: 'text', width: 11, value: (i) => i.confidence },
  { header: 'State', kind: 'text', width: 12, value: (i) => INSIGHT_STATE_LABELS[i.state] },
  {
    header: 'Dismiss reason',
    kind: 'text',
    width: 16,
    value: (i) => (i.dismissReason ? DISMISS_REASON_LABELS[i.dismissReason] : null),
  },
  { header: 'Owner', kind: 'text', width: 20, value: (i) => i.owner?.name ?? null },
  { header: 'Due date', kind: 'date', width: 12, value: (i) => i.dueDate },
  money('Realized saving', (i) => i.realizedMinor),
  {
    header: 'Realized on',
    kind: 'date',
    width: 12,
    value: (i) => (i.realizedAt ? todayInTimeZone(i.realizedAt) : null),
  },
];

/** Every opportunity, any state, as one table (CSV or a workbook sheet). */
export async function pipelineTable(deps: ServiceDeps, ctx: Ctx): Promise<ResolvedTable> {
  const rows = await repo.allOpportunities(deps.db, ctx.orgId);
  return resolveTable({
    name: 'Savings pipeline',
    columns: PIPELINE_COLUMNS,
    rows: await presentMany(deps, ctx.orgId, rows),
  });
}
