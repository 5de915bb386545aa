// Insight generation (issue 16): loads the organization's snapshot, runs every detector, and keeps
// the opportunities table in step — one row per stable key, updated in place.
import { randomUUID } from 'node:crypto';
import type { InsightBaseline } from '../../../common/contracts/insights';
import { todayInTimeZone } from '../../../common/dates';
import type { Opportunity } from '../../../common/insights/opportunity';
import { publishEvent } from '../../lib/events/publish';
import type { ServiceDeps } from '../../types';
import { recountOpen } from './counted';
import { detectOpportunities } from './detectors';
import { loadInsightSettings, markGenerated } from './insight-settings.repo';
import { loadInsightSnapshot } from './load-snapshot.repo';
import {
  lockGeneration,
  markVanished,
  realize,
  reopen,
  saveBaselines,
  storedOpportunities,
  upsertFound,
  type FoundRow,
  type Realisation,
  type StoredOpportunity,
} from './opportunities.repo';
import { baselineOf, currentFigures, measure, rebaseline, type CurrentFigures } from './realisation';
import type { InsightSnapshot } from './snapshot';

export interface GenerationResult {
  created: number;
  updated: number;
  realized: number;
}

const OPEN = new Set(['new', 'reviewing', 'in_progress']);

/** A dismissed opportunity comes back only when its saving grew by more than half. */
export const REOPEN_GROWTH = 1.5;

function foundRow(
  o: Opportunity,
  id: string,
  currency: string,
  baseline: InsightBaseline,
): FoundRow {
  return {
    id,
    key: o.key,
    type: o.type,
    title: o.title,
    explanation: o.explanation,
    evidence: o.evidence,
    saving_minor: o.saving?.annualMinor ?? null,
    // Counted once every row is written (recountOpen): it depends on what else is open.
    counted_minor: 0,
    currency: o.saving?.currency ?? currency,
    arithmetic: o.saving?.arithmetic ?? null,
    saving_unavailable: o.savingUnavailable,
    confidence: o.confidence,
    confidence_reason: o.confidenceReason,
    application_ids: o.applicationIds,
    person_ids: o.personIds,
    claims: o.claims,
    decision: o.decision ?? null,
    action_path: o.action.path,
    action_text: o.action.text,
    baseline,
  };
}

function reopens(row: StoredOpportunity, o: Opportunity): boolean {
  const saving = o.saving?.annualMinor ?? null;
  if (row.state !== 'dismissed' || saving === null) return false;
  return saving > REOPEN_GROWTH * (row.dismissedSavingMinor ?? 0);
}

/**
 * Open opportunities whose saving happened: gone from the findings (or, for charges, the charges
 * stopped) while their subject's measured yearly cost fell below the baseline. Largest saving
 * first; an application's fall counts once in a generation, and the other open opportunities on it
 * measure from its new cost afterwards, so the ledger never counts one cut twice.
 */
function realisations(
  stored: readonly StoredOpportunity[],
  foundKeys: ReadonlySet<string>,
  figures: CurrentFigures,
  snapshot: InsightSnapshot,
) {
  const candidates = stored
    .filter((r) => r.baseline !== null && OPEN.has(r.state) && (r.savingMinor ?? 0) > 0)
    .sort((a, b) => (b.savingMinor ?? 0) - (a.savingMinor ?? 0) || a.key.localeCompare(b.key));
  const credited = new Map<string, number>();
  const realized: Realisation[] = [];
  for (const row of candidates) {
    const m = measure(row.baseline!, row, figures, snapshot);
    const vanished = !foundKeys.has(row.key);
    const chargesStopped = (m.drops.get('charges') ?? 0) > 0;
    if (!vanished && !chargesStopped) continue;
    let realizedMinor = 0;
    for (const [unit, drop] of m.drops) {
      const left = unit === 'charges' ? drop : Math.max(0, drop - (credited.get(unit) ?? 0));
      realizedMinor += left;
    }
    if (realizedMinor <= 0) continue;
    for (const [unit, drop] of m.drops)
      if (unit !== 'charges' && drop > 0) credited.set(unit, Math.max(drop, credited.get(unit) ?? 0));
    realized.push({ id: row.id, realizedMinor, afterAnnualMinor: m.afterMinor });
  }
  const realizedIds = new Set(realized.map((r) => r.id));
  const moved = new Set(credited.keys());
  const baselines = stored.flatMap((r) =>
    r.baseline && !realizedIds.has(r.id) && r.baseline.applications.some((a) => moved.has(a.id))
      ? [{ id: r.id, baseline: rebaseline(r.baseline, moved, figures) }]
      : [],
  );
  return { realized, baselines };
}

/** Generates an organization's opportunities as of `now`; every write in one transaction. */
export async function generateInsights(
  deps: ServiceDeps,
  orgId: string,
  now: Date,
): Promise<GenerationResult> {
  const today = todayInTimeZone(now);
  // Read before the transaction: requests go on while the snapshot loads.
  const { settings } = await loadInsightSettings(deps.db, orgId);
  const snapshot = await loadInsightSnapshot(deps.db, orgId, today);
  const byKey = new Map<string, Opportunity>();
  for (const o of detectOpportunities(snapshot, settings)) if (!byKey.has(o.key)) byKey.set(o.key, o);
  const found = [...byKey.values()];
  const figures = currentFigures(snapshot);
  const currency = snapshot.organization.currency;

  return deps.db.transaction(async (tx) => {
    await lockGeneration(tx, orgId);
    const stored = await storedOpportunities(tx, orgId);
    const storedByKey = new Map(stored.map((r) => [r.key, r]));

    const rows: FoundRow[] = [];
    const reopened: Array<{ id: string; baseline: InsightBaseline }> = [];
    const identified: Array<{ id: string; saving: number | null }> = [];
    let created = 0;
    let updated = 0;
    for (const o of found) {
      const row = storedByKey.get(o.key);
      if (row?.state === 'realized') continue;
      const baseline = baselineOf(o, figures, snapshot);
      rows.push(foundRow(o, row?.id ?? randomUUID(), currency, baseline));
      if (!row) {
        created += 1;
        identified.push({ id: rows[rows.length - 1].id, saving: o.saving?.annualMinor ?? null });
        continue;
      }
      updated += 1;
      if (reopens(row, o)) {
        reopened.push({ id: row.id, baseline });
        identified.push({ id: row.id, saving: o.saving?.annualMinor ?? null });
      }
    }
    const { realized, baselines } = realisations(stored, new Set(byKey.keys()), figures, snapshot);
    const vanished = stored.filter((r) => r.state !== 'realized' && !byKey.has(r.key)).map((r) => r.id);

    await upsertFound(tx, orgId, rows, new Set(stored.map((r) => r.id)), now);
    await reopen(tx, orgId, reopened, now);
    await realize(tx, orgId, realized, now);
    await saveBaselines(tx, orgId, baselines);
    await markVanished(tx, orgId, vanished, now);
    await recountOpen(tx, orgId, today);
    await markGenerated(tx, orgId, now);

    const highValue = identified
      .filter((i) => i.saving !== null && i.saving >= settings.highValueMinor)
      .map((i) => i.id);
    if (highValue.length > 0)
      await publishEvent(tx, orgId, 'insight.identified', { opportunityIds: highValue }, now);
    return { created, updated, realized: realized.length };
  });
}
