// Brand profitability arithmetic (issue 19): months of a period, a month's spend split across
// brands so the cents add up, software cost as a share of revenue, and the "outgrowing" flag.
import { splitMinor } from './allocation';
import { lastTwelveMonths } from './analytics-range';
import { addMonths } from './dates';

/** Months are 'YYYY-MM'; a period's default is "last 12 months" (`lastTwelveMonths`: the 12 whole months before the current one). */
export function defaultPeriod(today: string): { from: string; to: string } {
  const window = lastTwelveMonths(today);
  return { from: window.from.slice(0, 7), to: window.to.slice(0, 7) };
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = `${from}-01`; m.slice(0, 7) <= to; m = addMonths(m, 1)) months.push(m.slice(0, 7));
  return months;
}

/**
 * One month's spend per brand. `weights` are each brand's exact spend in 1/10000 of a minor unit
 * (converted amount × basis points, summed in numeric); `totalMinor` is the month's exact total,
 * rounded once. Splitting the rounded total by the weights makes the brands' cents add up to it.
 * A month with refunds outweighing charges for some brand cannot be split by weight: each brand's
 * own amount is rounded instead.
 */
export function splitMonthSpend(totalMinor: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (weights.some((w) => w < 0) || sum <= 0) return weights.map((w) => Math.round(w / 10_000));
  return splitMinor(totalMinor, weights);
}

/** Spend ÷ revenue in percent (two decimals); null without revenue. */
export function costPercent(spendMinor: number, revenueMinor: number | null): number | null {
  if (revenueMinor === null || revenueMinor <= 0) return null;
  return Math.round((spendMinor / revenueMinor) * 10_000) / 100;
}

const growth = (before: number, after: number) => (after - before) / before;

/**
 * Whether software spend grew faster than revenue over the last 3 months against the 3 before.
 * Needs 6 months, spend and revenue in the earlier 3, and every revenue month known.
 */
export function spendOutgrowsRevenue(
  months: ReadonlyArray<{ spendMinor: number; revenueMinor: number | null }>,
): boolean {
  if (months.length < 6) return false;
  const window = months.slice(-6);
  if (window.some((m) => m.revenueMinor === null)) return false;
  const sum = (part: typeof window, key: 'spendMinor' | 'revenueMinor') =>
    part.reduce((s, m) => s + (m[key] ?? 0), 0);
  const [before, after] = [window.slice(0, 3), window.slice(3)];
  const spendBefore = sum(before, 'spendMinor');
  const revenueBefore = sum(before, 'revenueMinor');
  if (spendBefore <= 0 || revenueBefore <= 0) return false;
  return growth(spendBefore, sum(after, 'spendMinor')) > growth(revenueBefore, sum(after, 'revenueMinor'));
}
