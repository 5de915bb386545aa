// License utilisation: how many seats a pool has, how many are assigned and used, and what the
// unused ones cost a year. Pure and isomorphic; the API and the screens compute the same numbers.

import { annualisedMinor, type BillingCycle } from './billing';
import { addDays, todayInTimeZone } from './dates';

export const INACTIVITY_DAY_CHOICES = [30, 60, 90] as const;
export type InactivityDays = (typeof INACTIVITY_DAY_CHOICES)[number];
export const DEFAULT_INACTIVITY_DAYS: InactivityDays = 30;
export const isInactivityChoice = (days: number): days is InactivityDays =>
  (INACTIVITY_DAY_CHOICES as readonly number[]).includes(days);

export const USAGE_SOURCES = [
  'manual',
  'csv',
  'attestation',
  'google_workspace',
  'entra_id',
  'okta',
  'slack',
] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/** An application no activity was ever recorded for: the identity-provider connectors whose sign-ins would fill it. */
export const USAGE_UNKNOWN_TEXT = 'Usage unknown — connect Google Workspace, Microsoft Entra ID or Okta';

/** What an activity date proves: use of the application, or only a sign-in somewhere. */
export const ACTIVITY_SIGNALS = ['usage', 'sign-in'] as const;
export type ActivitySignal = (typeof ACTIVITY_SIGNALS)[number];

/** A column read as "last sign-in / login / authentication" proves a sign-in, not use of the application. */
export function signalOfHeader(header: string | null | undefined): ActivitySignal {
  return header && /sign[\s_-]?in|log[\s_-]?(in|on)|authenticat/i.test(header) ? 'sign-in' : 'usage';
}

export interface PoolPricing {
  /** Seats purchased; null means unlimited (billed per assigned person). */
  seats: number | null;
  unitPriceMinor: number;
  billingCycle: BillingCycle;
  intervalMonths?: number | null;
}

export interface SeatActivity {
  lastActiveAt: Date | string | null;
}

export interface Utilisation {
  /** null = unlimited. */
  purchased: number | null;
  assigned: number;
  /** Purchased seats nobody holds (0 for unlimited pools and over-assigned ones). */
  unassigned: number;
  active: number;
  /** Assigned seats with no activity in the last N days, or never. */
  inactive: number;
  /** Active seats per seat paid for (assigned ones for unlimited pools), whole percent; null with no seats. */
  utilisationPct: number | null;
  /** More people assigned than seats purchased: flagged, never blocked. */
  overAssigned: boolean;
  overAssignedBy: number;
  /** What the pool costs a year: purchased seats (assigned ones when unlimited) × the seat's yearly price. */
  yearlyCostMinor: number;
  /** Unassigned + inactive seats. */
  wastedSeats: number;
  /** Yearly cost of the wasted seats: 12 × its monthly cost rounded to the minor unit. */
  wasteYearlyMinor: number;
}

/**
 * "Active in the last N days" (issue 31: one definition everywhere): a seat is active when the
 * calendar day (UTC) of its holder's last recorded activity is on or after `today − N days`.
 * Every signal counts: a usage import, a holder's "still using it" answer, a sign-in export or a
 * date entered by hand. N is the organization's activity window (`activeWindowDays`). The SQL
 * twin is `seatActiveSince` in server/modules/licenses/active-users.ts.
 */
export function activeWindowStart(today: string, windowDays: number): string {
  return addDays(today, -windowDays);
}

/** The UTC calendar day of an instant (or of an ISO timestamp / YYYY-MM-DD string). */
export function activityDay(lastActiveAt: Date | string): string {
  if (typeof lastActiveAt === 'string') return lastActiveAt.slice(0, 10);
  return todayInTimeZone(lastActiveAt);
}

/** A seat date as the API and imports take it: a day (midnight UTC) or an ISO instant. */
export function seatInstant(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * What is wrong with a seat's assignment and last-activity days (YYYY-MM-DD, UTC), [] when fine:
 * neither may be in the future (a day of grace: the date may be written in a zone ahead of UTC),
 * and nobody is active on a seat before it was assigned.
 */
export function seatDayIssues(
  seat: { assignedDay?: string | null; lastActiveDay?: string | null },
  today: string,
): Array<{ field: 'assignedAt' | 'lastActiveAt'; message: string }> {
  const issues: Array<{ field: 'assignedAt' | 'lastActiveAt'; message: string }> = [];
  const latest = addDays(today, 1);
  if (seat.assignedDay && seat.assignedDay > latest)
    issues.push({ field: 'assignedAt', message: 'The assignment date is in the future' });
  if (seat.lastActiveDay && seat.lastActiveDay > latest)
    issues.push({ field: 'lastActiveAt', message: 'The last activity date is in the future' });
  if (seat.assignedDay && seat.lastActiveDay && seat.lastActiveDay < seat.assignedDay)
    issues.push({
      field: 'lastActiveAt',
      message: `The last activity (${seat.lastActiveDay}) is before the assignment (${seat.assignedDay})`,
    });
  return issues;
}

/** Active on `today`: last activity (a day, YYYY-MM-DD) within the window; never seen is inactive. */
export function isActiveOn(lastActiveDay: string | null, today: string, windowDays: number): boolean {
  return lastActiveDay !== null && lastActiveDay >= activeWindowStart(today, windowDays);
}

/**
 * Has usage data: some open seat of the application has a recorded activity date. Without it the
 * application's active users are unknown, not zero (SQL twin: `applicationActivity` in
 * server/modules/licenses/active-users.ts, field hasUsageData).
 */
export function hasUsageDataIn(openSeats: ReadonlyArray<{ lastActiveDate: string | null }>): boolean {
  return openSeats.some((s) => s.lastActiveDate !== null);
}

/** A seat is active when its holder was seen within the last `inactivityDays` days (see isActiveOn). */
export function isSeatActive(lastActiveAt: Date | string | null, now: Date, inactivityDays: number): boolean {
  if (lastActiveAt === null) return false;
  const seen = typeof lastActiveAt === 'string' ? new Date(lastActiveAt) : lastActiveAt;
  return isActiveOn(activityDay(seen), todayInTimeZone(now), inactivityDays);
}

/** One seat's price per year, from the pool's cycle (monthly × 12, annual × 1, weekly × 52…). */
export function seatYearlyCostMinor(pool: Omit<PoolPricing, 'seats'>): number {
  return annualisedMinor(pool.unitPriceMinor, pool.billingCycle, pool.intervalMonths);
}

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}

/** Utilisation of one pool from its open assignments. */
export function poolUtilisation(
  pool: PoolPricing,
  assignments: readonly SeatActivity[],
  now: Date,
  inactivityDays: number,
): Utilisation {
  const active = assignments.filter((a) => isSeatActive(a.lastActiveAt, now, inactivityDays)).length;
  return utilisationFromCounts(pool, assignments.length, active);
}

/** Utilisation from counts of open seats and active ones (what the database aggregates). */
export function utilisationFromCounts(pool: PoolPricing, assigned: number, active: number): Utilisation {
  const purchased = pool.seats;
  const inactive = assigned - active;
  const unassigned = purchased === null ? 0 : Math.max(0, purchased - assigned);
  const overAssignedBy = purchased === null ? 0 : Math.max(0, assigned - purchased);
  const seatYearly = seatYearlyCostMinor(pool);
  const wastedSeats = unassigned + inactive;
  return {
    purchased,
    assigned,
    unassigned,
    active,
    inactive,
    utilisationPct: percent(active, purchased ?? assigned),
    overAssigned: overAssignedBy > 0,
    overAssignedBy,
    yearlyCostMinor: (purchased ?? assigned) * seatYearly,
    wastedSeats,
    // Whole months of waste: the yearly figure is 12 × the monthly one, to the cent (issue 31).
    wasteYearlyMinor: unusedSeatYearlyMinor(Math.round((wastedSeats * seatYearly) / 12)),
  };
}

/**
 * What one pool's unused seats (unassigned + inactive) cost a month: the yearly waste ÷ 12, rounded
 * once. The unused-seat cost is summed from these monthly amounts, and its yearly figure is always
 * `unusedSeatYearlyMinor(monthly)`, so a screen's monthly × 12 equals a report's yearly to the cent.
 */
export function unusedSeatMonthlyMinor(utilisation: Pick<Utilisation, 'wasteYearlyMinor'>): number {
  return Math.round(utilisation.wasteYearlyMinor / 12);
}
// (wasteYearlyMinor is already whole months, so the division is exact.)

/** The yearly unused-seat cost from the monthly one: exactly 12 months of it. */
export function unusedSeatYearlyMinor(monthlyMinor: number): number {
  return monthlyMinor * 12;
}

/**
 * Adds pools up (e.g. an application's tiers). Purchased is null when any pool is unlimited;
 * the percentage is active seats over the pools' capacities (purchased, or assigned if unlimited).
 */
export function combineUtilisation(parts: readonly Utilisation[]): Utilisation {
  const sum = (pick: (u: Utilisation) => number) => parts.reduce((total, u) => total + pick(u), 0);
  const unlimited = parts.some((u) => u.purchased === null);
  const active = sum((u) => u.active);
  const overAssignedBy = sum((u) => u.overAssignedBy);
  return {
    purchased: unlimited ? null : sum((u) => u.purchased ?? 0),
    assigned: sum((u) => u.assigned),
    unassigned: sum((u) => u.unassigned),
    active,
    inactive: sum((u) => u.inactive),
    utilisationPct: percent(
      active,
      sum((u) => u.purchased ?? u.assigned),
    ),
    overAssigned: overAssignedBy > 0,
    overAssignedBy,
    yearlyCostMinor: sum((u) => u.yearlyCostMinor),
    wastedSeats: sum((u) => u.wastedSeats),
    wasteYearlyMinor: sum((u) => u.wasteYearlyMinor),
  };
}

/** Seats still free in a pool (Infinity when unlimited); negative when over-assigned. */
export function freeSeats(pool: { seats: number | null }, assigned: number): number {
  return pool.seats === null ? Number.POSITIVE_INFINITY : pool.seats - assigned;
}

/** Amounts summed per currency, in a stable order: what a person's seats cost a year. */
export function totalsByCurrency(
  items: Iterable<{ currency: string; amountMinor: number }>,
): Array<{ currency: string; amountMinor: number }> {
  const totals = new Map<string, number>();
  for (const { currency, amountMinor } of items) {
    totals.set(currency, (totals.get(currency) ?? 0) + amountMinor);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amountMinor]) => ({ currency, amountMinor }));
}
