// Auto-realisation (issue 16): what an opportunity's subject cost when it was found (the baseline),
// and what it costs now, measured from the snapshot. When the cost fell (application cancelled or
// archived, seats reduced, price lowered, charges stopped), the saving happened.
import { annualisedMinor } from '../../../common/billing';
import { addDays } from '../../../common/dates';
import { mulDivMinor } from '../../../common/money';
import type { InsightBaseline } from '../../../common/contracts/insights';
import type { Opportunity } from '../../../common/insights/opportunity';
import type { InsightSnapshot } from './snapshot';
import { isAfterCancellation } from './detectors/zombie-spend';

type AppFigures = InsightBaseline['applications'][number];

/** Per application id, its figures now; built once per generation. */
export type CurrentFigures = ReadonlyMap<string, AppFigures>;

/**
 * Every application's figures as the baseline records them: seats are the license tiers' seats when
 * every tier has a count (else the application's), the unit price the single priced tier's (else the
 * application's), archived applications have the status `archived`.
 */
export function currentFigures(snapshot: InsightSnapshot): CurrentFigures {
  const pools = new Map<string, InsightSnapshot['pools']>();
  for (const p of snapshot.pools) {
    const list = pools.get(p.applicationId);
    if (list) list.push(p);
    else pools.set(p.applicationId, [p]);
  }
  const assigned = new Map<string, number>();
  for (const s of snapshot.assignments)
    assigned.set(s.applicationId, (assigned.get(s.applicationId) ?? 0) + 1);
  const figures = new Map<string, AppFigures>();
  for (const app of snapshot.applications) {
    const tiers = pools.get(app.id) ?? [];
    const counted = tiers.length > 0 && tiers.every((t) => t.seats !== null);
    const priced = tiers.filter((t) => t.unitPriceMinor > 0);
    figures.set(app.id, {
      id: app.id,
      status: app.archived ? 'archived' : app.status,
      annualCostMinor: app.annualCostMinor,
      seats: counted ? tiers.reduce((n, t) => n + (t.seats ?? 0), 0) : app.seats,
      unitPriceMinor: priced.length === 1 ? priced[0].unitPriceMinor : app.unitPriceMinor,
      assignedSeats: assigned.get(app.id) ?? 0,
    });
  }
  return figures;
}

const ZOMBIE_CHARGES = 'zombie_spend:charges:';

/** Charges stop being "current" once a whole cycle (and some slack) passed without one. */
function recentWindowDays(cycle: string): number {
  if (cycle === 'weekly') return 14;
  if (cycle === 'monthly') return 45;
  if (cycle === 'quarterly') return 100;
  return 400;
}

/** The yearly run-rate of the charges an opportunity is about (null when it is about none). */
function chargesAnnualMinor(
  key: string,
  applicationIds: readonly string[],
  chargeUnits: readonly string[],
  snapshot: InsightSnapshot,
): number | null {
  const { today } = snapshot.organization;
  if (key.startsWith(ZOMBIE_CHARGES)) {
    const app = snapshot.applications.find((a) => a.id === applicationIds[0]);
    if (!app) return null;
    const since = addDays(today, -recentWindowDays(app.billingCycle));
    const latest = snapshot.charges
      .filter((c) => c.applicationId === app.id && isAfterCancellation(app, c) && c.date >= since)
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    return latest ? annualisedMinor(latest.amountMinor, app.billingCycle, app.intervalMonths) : 0;
  }
  if (chargeUnits.length === 0) return null;
  let total = 0;
  for (const unit of chargeUnits) {
    const recurring = snapshot.recurringUnmatched.find((r) => r.merchantKey === unit);
    if (recurring && recurring.lastDate >= addDays(today, -recentWindowDays(recurring.cycle)))
      total += annualisedMinor(recurring.amountMinor, recurring.cycle);
  }
  return total;
}

/** The merchant keys of an opportunity's charge claims. */
export const chargeUnitsOf = (o: Pick<Opportunity, 'claims'>) =>
  o.claims.flatMap((c) => (c.kind === 'charge' ? [c.unit] : []));

/** What the opportunity's subject costs now: the baseline of a new opportunity. */
export function baselineOf(
  o: Opportunity,
  figures: CurrentFigures,
  snapshot: InsightSnapshot,
): InsightBaseline {
  const charges = chargesAnnualMinor(o.key, o.applicationIds, chargeUnitsOf(o), snapshot);
  return {
    applications: o.applicationIds.flatMap((id) => {
      const f = figures.get(id);
      return f ? [f] : [];
    }),
    ...(charges !== null ? { chargesAnnualMinor: charges } : {}),
  };
}

/** An application's yearly cost as far as saving goes: nothing once cancelled or archived. */
const costOf = (f: AppFigures) =>
  f.status === 'cancelled' || f.status === 'archived' ? 0 : f.annualCostMinor;

/**
 * The yearly cost an opportunity was measured from (what the API shows as `beforeAnnualMinor`): its
 * applications' costs when it was found (nothing for one already cancelled) plus its charges.
 */
export function baselineAnnualMinor(baseline: InsightBaseline): number {
  return baseline.applications.reduce((n, a) => n + costOf(a), 0) + (baseline.chargesAnnualMinor ?? 0);
}

/** now / before, when both are known and the figure fell; 1 otherwise. */
function fell(before: number | null, now: number | null): [number, number] {
  return before !== null && now !== null && before > 0 && now >= 0 && now < before ? [now, before] : [1, 1];
}

/**
 * The yearly cost now of one application of a baseline: its cost, or the baseline cost scaled by
 * the seats and unit price that fell (tiers are edited apart from the application's own price),
 * whichever is lower. An application no longer in the inventory is not measured (its cost stands).
 */
function costNow(before: AppFigures, now: AppFigures | undefined): number {
  if (!now) return costOf(before);
  const cost = costOf(now);
  if (cost === 0) return 0;
  const [seatsNow, seatsBefore] = fell(before.seats, now.seats);
  const [priceNow, priceBefore] = fell(before.unitPriceMinor, now.unitPriceMinor);
  const scaled = mulDivMinor(mulDivMinor(costOf(before), seatsNow, seatsBefore), priceNow, priceBefore);
  return Math.min(cost, scaled);
}

export interface Measurement {
  beforeMinor: number;
  afterMinor: number;
  /** Per application id, how much its yearly cost fell (≥ 0); `charges` for the charges. */
  drops: Map<string, number>;
}

/** The baseline against the figures now. */
export function measure(
  baseline: InsightBaseline,
  row: { key: string; applicationIds: readonly string[]; chargeUnits: readonly string[] },
  figures: CurrentFigures,
  snapshot: InsightSnapshot,
): Measurement {
  const beforeMinor = baselineAnnualMinor(baseline);
  let afterMinor = 0;
  const drops = new Map<string, number>();
  for (const app of baseline.applications) {
    const before = costOf(app);
    const after = costNow(app, figures.get(app.id));
    afterMinor += after;
    drops.set(app.id, Math.max(0, before - after));
  }
  if (baseline.chargesAnnualMinor !== undefined) {
    const now = chargesAnnualMinor(row.key, row.applicationIds, row.chargeUnits, snapshot);
    const after = now === null ? baseline.chargesAnnualMinor : Math.min(now, baseline.chargesAnnualMinor);
    afterMinor += after;
    drops.set('charges', Math.max(0, baseline.chargesAnnualMinor - after));
  }
  return { beforeMinor, afterMinor, drops };
}

/** A baseline's applications moved to their figures now (after another opportunity took their saving). */
export function rebaseline(
  baseline: InsightBaseline,
  apps: ReadonlySet<string>,
  figures: CurrentFigures,
): InsightBaseline {
  return {
    ...baseline,
    applications: baseline.applications.map((a) => (apps.has(a.id) ? (figures.get(a.id) ?? a) : a)),
  };
}
