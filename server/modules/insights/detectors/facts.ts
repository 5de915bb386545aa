// What several detectors ask of a snapshot: which applications are live, what one seat costs,
// whether a seat is idle, and how much its activity date proves. Indexed once per snapshot.
import { activeWindowStart, hasUsageDataIn } from '../../../../common/licenses';
import { formatAmount } from '../../../../common/money';
import { isLiveApplication } from '../../../../common/live-applications';
import { otherCurrencyReason, sumOfSavings, unitsPerYear } from '../../../../common/insights/arithmetic';
import type { BillingCycle } from '../../../../common/billing';
import type {
  Confidence,
  Evidence,
  Opportunity,
  Saving,
  SavingClaim,
} from '../../../../common/insights/opportunity';
import type { InsightSettings } from '../../../../common/insights/settings';
import type {
  InsightSnapshot,
  SnapshotApplication,
  SnapshotAssignment,
  SnapshotPerson,
  SnapshotPool,
} from '../snapshot';
import { pluralWord } from '../../../../common/wording';

export interface SnapshotIndex {
  app: ReadonlyMap<string, SnapshotApplication>;
  person: ReadonlyMap<string, SnapshotPerson>;
  poolsOf: ReadonlyMap<string, SnapshotPool[]>;
  seatsOfPool: ReadonlyMap<string, SnapshotAssignment[]>;
  seatsOfPerson: ReadonlyMap<string, SnapshotAssignment[]>;
  pool: ReadonlyMap<string, SnapshotPool>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const indexes = new WeakMap<InsightSnapshot, SnapshotIndex>();

/** Lookups over the snapshot, built on first use and shared by every detector of a run. */
export function indexOf(snapshot: InsightSnapshot): SnapshotIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = {
      app: new Map(snapshot.applications.map((a) => [a.id, a])),
      person: new Map(snapshot.people.map((p) => [p.id, p])),
      pool: new Map(snapshot.pools.map((p) => [p.id, p])),
      poolsOf: groupBy(snapshot.pools, (p) => p.applicationId),
      seatsOfPool: groupBy(snapshot.assignments, (a) => a.poolId),
      seatsOfPerson: groupBy(snapshot.assignments, (a) => a.personId),
    };
    indexes.set(snapshot, index);
  }
  return index;
}

/** Paid for and in use: active or on trial, not archived. */
export const isLive = (app: SnapshotApplication) => isLiveApplication(app);

export const isExempt = (settings: InsightSettings, applicationId: string) =>
  settings.exemptApplicationIds.includes(applicationId);

/** Offboarded, or past the end date on record. */
export const hasLeft = (person: SnapshotPerson, today: string) =>
  person.status === 'offboarded' || (person.endDate !== null && person.endDate < today);

/**
 * The calendar date `days` before `today`, remembered for the last `today` asked about: seats
 * are checked against it by comparing YYYY-MM-DD strings, not by date arithmetic per seat (tens of
 * thousands of seats, several detectors each).
 */
let cutoffsOf = '';
let cutoffs = new Map<number, string>();
function daysBefore(today: string, days: number): string {
  if (today !== cutoffsOf) {
    cutoffsOf = today;
    cutoffs = new Map();
  }
  let date = cutoffs.get(days);
  if (date === undefined) {
    date = activeWindowStart(today, days);
    cutoffs.set(days, date);
  }
  return date;
}

/** Assigned within the grace period: too new to be called idle. */
export const isRecentlyProvisioned = (seat: SnapshotAssignment, settings: InsightSettings, today: string) =>
  // daysBetween(assigned, today) < N  ⇔  assigned > today − N
  seat.assignedDate > daysBefore(today, settings.recentlyProvisionedDays);

/**
/**
 * Whether any usage was ever recorded for the application (a seat with a last-activity date,
 * `hasUsageDataIn`). Without it the application's usage is unknown: no seat is called idle and
 * nothing is cut for inactivity (issue 31: a seat cut is never recommended from an absence of usage data).
 */
export function hasUsageData(applicationId: string, index: SnapshotIndex): boolean {
  return (index.poolsOf.get(applicationId) ?? []).some((pool) =>
    hasUsageDataIn(index.seatsOfPool.get(pool.id) ?? []),
  );
}

/** What the screens say instead of a seat cut when an application's usage is unknown. */
export { USAGE_UNKNOWN_TEXT } from '../../../../common/licenses';

/**
 * No activity within the organization's activity window (or never), and not newly provisioned: the
 * complement of `isActiveOn` (common/licenses.ts), the one definition of an active seat;
 * `settings.inactiveDays` is that window (insight-settings.repo).
 */
export function isIdle(seat: SnapshotAssignment, settings: InsightSettings, today: string): boolean {
  if (isRecentlyProvisioned(seat, settings, today)) return false;
  return !isActiveSeat(seat, settings, today);
}

/** Used within the activity window: what the Licenses page counts as an active user. */
export function isActiveSeat(seat: SnapshotAssignment, settings: InsightSettings, today: string): boolean {
  // daysBetween(lastActive, today) > N  ⇔  lastActive < today − N
  return seat.lastActiveDate !== null && seat.lastActiveDate >= daysBefore(today, settings.inactiveDays);
}

/** The price of one seat of a pool over one cycle, or why it cannot be used for a saving. */
export type SeatPrice =
  | {
      kind: 'priced';
      perCycleMinor: number;
      cycle: BillingCycle;
      intervalMonths: number | null;
      currency: string;
    }
  | { kind: 'free' }
  | { kind: 'unknown'; reason: string };

/**
 * The pool's own price; a pool without one (0) takes the application's per-seat price when the
 * application has a single pool. A 0 everywhere on an application that costs nothing is a free
 * license; on one that costs something the seat price is missing. Another currency than the
 * organization's is not converted.
 */
export function seatPrice(
  pool: SnapshotPool,
  app: SnapshotApplication,
  index: SnapshotIndex,
  orgCurrency: string,
): SeatPrice {
  let price: Extract<SeatPrice, { kind: 'priced' }> | null = null;
  if (pool.unitPriceMinor > 0) {
    price = {
      kind: 'priced',
      perCycleMinor: pool.unitPriceMinor,
      cycle: pool.billingCycle,
      intervalMonths: pool.intervalMonths,
      currency: pool.currency,
    };
  } else if (
    app.pricingModel === 'per-seat' &&
    (app.unitPriceMinor ?? 0) > 0 &&
    (index.poolsOf.get(app.id)?.length ?? 0) === 1
  ) {
    price = {
      kind: 'priced',
      perCycleMinor: app.unitPriceMinor ?? 0,
      cycle: app.billingCycle,
      intervalMonths: app.intervalMonths,
      currency: app.currency,
    };
  }
  if (!price) {
    if (app.annualCostMinor === 0) return { kind: 'free' };
    return {
      kind: 'unknown',
      reason: `The seat price of ${app.name} (${pool.tierName}) is missing: enter it on the license tier to see the saving.`,
    };
  }
  if (price.currency !== orgCurrency)
    return { kind: 'unknown', reason: otherCurrencyReason(price.currency, orgCurrency) };
  return price;
}

/** Seats × the seat price over a year, with its arithmetic. */
export type PricedPrice = Extract<SeatPrice, { kind: 'priced' }>;

export function seatsSaving(seats: number, price: PricedPrice): Saving {
  return unitsPerYear({
    units: seats,
    unit: 'seat',
    perCycleMinor: price.perCycleMinor,
    cycle: price.cycle,
    intervalMonths: price.intervalMonths,
    currency: price.currency,
  });
}

/** How much the idle verdict on these seats can be trusted, from what their activity dates are. */
export function activityConfidence(
  seats: readonly SnapshotAssignment[],
  allSeatsOfApp: readonly SnapshotAssignment[],
): { confidence: Confidence; reason: string } {
  if (!hasUsageDataIn(allSeatsOfApp)) {
    return {
      confidence: 'low',
      reason: 'No activity has ever been recorded for this application: import its usage to confirm.',
    };
  }
  const signInOnly = seats.filter((s) => s.lastActiveDate !== null && s.signal === 'sign-in').length;
  const never = seats.filter((s) => s.lastActiveDate === null).length;
  if (signInOnly > 0) {
    return {
      confidence: 'medium',
      reason: `${signInOnly} of these seats ${pluralWord(signInOnly, 'is')} judged on a sign-in date only, not on use of the application.`,
    };
  }
  if (never > 0) {
    return {
      confidence: 'medium',
      reason: `${never} of these seats ${pluralWord(never, 'has')} no activity on record at all (usage data may be incomplete).`,
    };
  }
  return { confidence: 'high', reason: 'Every seat has usage data showing no activity in the window.' };
}

export const applicationPath = (id: string) => `/app/subscriptions/${id}`;

export function applicationEvidence(app: SnapshotApplication, extra: Evidence['figures'] = {}): Evidence {
  return {
    kind: 'application',
    id: app.id,
    label: app.name,
    figures: { 'Annual cost': formatAmount(app.annualCostMinor, app.currency), Status: app.status, ...extra },
  };
}

export function seatEvidence(seat: SnapshotAssignment, index: SnapshotIndex): Evidence {
  const person = index.person.get(seat.personId);
  const pool = index.pool.get(seat.poolId);
  return {
    kind: 'seat',
    id: seat.id,
    label:
      `${person?.name ?? 'Unknown person'} · ${index.app.get(seat.applicationId)?.name ?? ''} ${pool?.tierName ?? ''}`.trim(),
    // What a person reads: no internal ids or codes (issue 31); a sign-in-only date says so.
    figures: {
      Assigned: seat.assignedDate,
      'Last active':
        seat.lastActiveDate === null
          ? 'never'
          : seat.signal === 'sign-in'
            ? `${seat.lastActiveDate} (sign-in date only)`
            : seat.lastActiveDate,
    },
  };
}

/** The claim unit of one held seat; free seats are `<pool>:free:<n>`. */
export const seatUnit = (seat: Pick<SnapshotAssignment, 'poolId' | 'personId'>) =>
  `${seat.poolId}:${seat.personId}`;
export const freeSeatUnit = (poolId: string, n: number) => `${poolId}:free:${n}`;

/** A detector: the organization's data and thresholds in, zero or more opportunities out. */
export type Detector = (snapshot: InsightSnapshot, settings: InsightSettings) => Opportunity[];

/** A seat a saving is claimed on: its application, pool, claim unit and price. */
export interface PricedSeat {
  applicationId: string;
  poolId: string;
  unit: string;
  price: SeatPrice;
}

/** Seats that cost nothing (a free plan, a $0 application): nothing to save, so no finding (issue 32). */
export const allFree = (seats: readonly PricedSeat[]) => seats.every((s) => s.price.kind === 'free');

/**
 * The saving of giving up these seats, one line of arithmetic per pool, and a claim per seat; no
 * saving when any seat's price is unknown (the reason says which), nor when they are all free.
 */
export function seatSavingFields(
  seats: readonly PricedSeat[],
  index?: SnapshotIndex,
): Pick<Opportunity, 'saving' | 'savingUnavailable' | 'claims'> {
  for (const s of seats)
    if (s.price.kind === 'unknown') return { saving: null, savingUnavailable: s.price.reason, claims: [] };
  const byPool = groupBy(
    seats.filter((s) => s.price.kind === 'priced'),
    (s) => s.poolId,
  );
  if (byPool.size === 0) return { saving: null, savingUnavailable: 'These licenses are free.', claims: [] };
  const parts: Array<Saving & { label?: string }> = [];
  const claims: SavingClaim[] = [];
  for (const [poolId, list] of byPool) {
    const price = list[0].price as PricedPrice;
    const part = seatsSaving(list.length, price);
    // Each term of a sum names its application and tier (issue 31).
    const pool = index?.pool.get(poolId);
    const app = index?.app.get(list[0].applicationId);
    parts.push({ ...part, label: app ? `${app.name}${pool ? ` ${pool.tierName}` : ''}` : undefined });
    const perSeat = seatsSaving(1, price).annualMinor;
    const poolClaims: SavingClaim[] = list.map((s) => ({
      kind: 'seat',
      applicationId: s.applicationId,
      unit: s.unit,
      annualMinor: perSeat,
    }));
    claims.push(...fitClaims(poolClaims, part.annualMinor));
  }
  return { saving: sumOfSavings(parts, parts[0].currency), savingUnavailable: null, claims };
}

/**
 * Claims whose amounts add up to the saving exactly: per-seat amounts are rounded one by one, the
 * saving once, so the last claim takes the rounding difference.
 */
export function fitClaims(claims: SavingClaim[], total: number): SavingClaim[] {
  if (claims.length === 0) return claims;
  const sum = claims.reduce((n, c) => n + c.annualMinor, 0);
  const last = claims[claims.length - 1];
  return [...claims.slice(0, -1), { ...last, annualMinor: last.annualMinor + (total - sum) }];
}
