// Recognising a recurring charge: regular intervals (weekly, monthly, quarterly or annual within a
// tolerance) and similar amounts (±15% of the median). Pure, so it is tested on synthetic years.
import { addDays, daysBetween } from '../../../common/dates';

export type DiscoveredCycle = 'weekly' | 'monthly' | 'quarterly' | 'annual';

export interface Charge {
  date: string;
  amountMinor: number;
  currency: string;
}

export interface RecurringPattern {
  cycle: DiscoveredCycle;
  /** The latest charge: the price now. */
  amountMinor: number;
  currency: string;
  occurrences: number;
  firstDate: string;
  lastDate: string;
  totalMinor: number;
}

/** Interval windows in days; months run 28–31 days and card charges post a few days late. */
const CYCLES: Array<{ cycle: DiscoveredCycle; days: number; min: number; max: number }> = [
  { cycle: 'weekly', days: 7, min: 5, max: 9 },
  { cycle: 'monthly', days: 30, min: 25, max: 36 },
  { cycle: 'quarterly', days: 91, min: 80, max: 102 },
  { cycle: 'annual', days: 365, min: 345, max: 385 },
];
export const AMOUNT_TOLERANCE = 0.15;
/** Share of intervals and amounts that must fit (a skipped month or a one-off extra may not). */
const REGULARITY = 0.75;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The recurring pattern of one merchant's charges, or null: at least two charges in one currency,
 * intervals matching a cycle and amounts within ±15% of their median, still charging recently.
 */
export function detectRecurring(charges: Charge[], today: string): RecurringPattern | null {
  const byCurrency = new Map<string, Charge[]>();
  for (const c of charges)
    if (c.amountMinor > 0) byCurrency.set(c.currency, [...(byCurrency.get(c.currency) ?? []), c]);
  const list = [...byCurrency.values()].sort((a, b) => b.length - a.length)[0];
  if (!list || list.length < 2) return null;
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const intervals = list.slice(1).map((c, i) => daysBetween(list[i].date, c.date));
  const typical = median(intervals);
  const cycle = CYCLES.find((c) => typical >= c.min && typical <= c.max);
  if (!cycle) return null;
  const regular = intervals.filter((d) => d >= cycle.min && d <= cycle.max).length;
  if (regular < Math.ceil(intervals.length * REGULARITY)) return null;
  const typicalAmount = median(list.map((c) => c.amountMinor));
  const similar = list.filter(
    (c) => Math.abs(c.amountMinor - typicalAmount) <= typicalAmount * AMOUNT_TOLERANCE,
  ).length;
  if (similar < Math.ceil(list.length * REGULARITY)) return null;
  const last = list[list.length - 1];
  // Stopped: two cycles without a charge.
  if (last.date < addDays(today, -(2 * cycle.days + (cycle.max - cycle.days)))) return null;
  return {
    cycle: cycle.cycle,
    amountMinor: last.amountMinor,
    currency: last.currency,
    occurrences: list.length,
    firstDate: list[0].date,
    lastDate: last.date,
    totalMinor: list.reduce((n, c) => n + c.amountMinor, 0),
  };
}
