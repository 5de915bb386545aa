// The recommended target: the seats in use plus the insight settings' buffer, at the lower of the
// current, list and peer median prices, with every step said as a sentence.
import type { Pack as NegotiationPack } from './pack-types';
import { seatsToRenew } from '../../../common/insights/arithmetic';
import type { Decision } from '../../../common/insights/opportunity';
import { formatAmount } from '../../../common/money';
import { plural, pluralWord } from '../../../common/wording';
import { confirmedListPerMonth, type CurrentPrice } from './current-price';
import { USAGE_UNKNOWN_TEXT } from '../../../common/licenses';

export interface TargetInput {
  price: CurrentPrice | null;
  seats: NegotiationPack['seats'];
  seatBufferPct: number;
  /** The seats Insights sized the renewal at (an open opportunity's decision), when it did. */
  insightSizing?:
    | (Pick<Decision, 'targetSeats' | 'seatsInUse' | 'usage'> & Partial<Pick<Decision, 'newlyAssigned'>>)
    | null;
}

const perUnit = (unit: 'user' | 'flat') => (unit === 'user' ? 'per seat per month' : 'per month');

/** Seats to renew: those in use (active in the organization's window, or assigned without usage data) plus the buffer. */
export function targetSeats(seats: NegotiationPack['seats'], seatBufferPct: number): number | null {
  // Nobody holds a seat and no usage is known: the licenses are not tracked, so nothing to size.
  if (seats.assigned === 0 && !seats.hasUsageData) return null;
  const inUse = seats.hasUsageData ? seats.activeUsers : seats.assigned;
  // The insights' own sizing rule (at least one seat: renewing none is cancelling).
  return seatsToRenew(inUse, seatBufferPct);
}

/** " (9 active users and 1 seat handed out lately)": why Insights' in-use can exceed the active users. */
function newlyText(sizing: { seatsInUse: number | null; newlyAssigned?: number | null }): string {
  const newly = sizing.newlyAssigned ?? 0;
  if (newly === 0 || sizing.seatsInUse === null) return '';
  return ` (${plural(sizing.seatsInUse - newly, 'active user')} and ${plural(newly, 'seat')} handed out lately)`;
}

export function recommendTarget({
  price,
  seats,
  seatBufferPct,
  insightSizing,
}: TargetInput): NegotiationPack['target'] {
  const reasoning: string[] = [];
  const fromInsights = insightSizing?.targetSeats != null ? insightSizing : null;
  const seatTarget = fromInsights ? fromInsights.targetSeats : targetSeats(seats, seatBufferPct);
  if (fromInsights) {
    reasoning.push(
      fromInsights.usage === 'unknown'
        ? `${USAGE_UNKNOWN_TEXT}: every one of the ${plural(fromInsights.seatsInUse ?? 0, 'held seat')} counts as in use; with the ${seatBufferPct}% buffer from the insight settings that makes ${seatTarget}, as on Insights.`
        : `${plural(fromInsights.seatsInUse ?? 0, 'seat')} ${pluralWord(fromInsights.seatsInUse ?? 0, 'is', 'are')} in use as Insights counts them${newlyText(fromInsights)}; with the ${seatBufferPct}% buffer from the insight settings that makes ${seatTarget}, as on Insights.`,
    );
  } else if (seatTarget === null && seats.bought !== null) {
    reasoning.push(
      `No seats are assigned on the Licenses page yet, so the target keeps the ${plural(seats.bought, 'seat')} bought; assign them to size the renewal.`,
    );
  }
  if (seatTarget !== null && !fromInsights) {
    const bought =
      seats.bought === null ? plural(seats.assigned, 'assigned seat') : plural(seats.bought, 'bought seat');
    reasoning.push(
      seats.hasUsageData
        ? `${seats.activeUsers} of ${bought} ${pluralWord(seats.activeUsers, 'was', 'were')} active in the last ${plural(seats.activeWindowDays, 'day')}; with the ${seatBufferPct}% buffer from the insight settings that makes ${seatTarget}.`
        : `No usage data shows which seats are active, so the ${plural(seats.assigned, 'assigned seat')} ${pluralWord(seats.assigned, 'counts', 'count')} as in use; with the ${seatBufferPct}% buffer from the insight settings that makes ${seatTarget}.`,
    );
  }
  if (!price) {
    reasoning.push('The application has no per-seat or flat price to compare, so no target price is set.');
    return { seats: seatTarget, perMonthMinor: null, yearlyMinor: null, savingYearlyMinor: null, reasoning };
  }
  const money = (minor: number) => formatAmount(minor, price.currency);
  const tier = price.tierName ? ` on the ${price.tierName} tier` : '';
  reasoning.push(`Today you pay ${money(price.perMonthMinor)} ${perUnit(price.unit)}${tier}.`);
  const candidates = [price.perMonthMinor];
  const list = confirmedListPerMonth(price.entry);
  if (list !== null && price.entry?.list) {
    candidates.push(list);
    reasoning.push(
      `The public list price of the ${price.entry.list.plan} plan, billed the same way, is ${money(list)} ${perUnit(price.unit)}.`,
    );
  }
  const peer = price.entry?.peer ?? null;
  if (peer) {
    candidates.push(peer.medianMinor);
    reasoning.push(
      `${peer.organizations} organizations with ${peer.seatBand} seats on ${peer.term} terms pay a median of ${money(peer.medianMinor)}.`,
    );
  }
  const perMonthMinor = Math.min(...candidates);
  reasoning.push(
    candidates.length === 1
      ? 'No confirmed list price or peer figure to compare with, so aim to keep today’s price at least.'
      : perMonthMinor < price.perMonthMinor
        ? `Aim for the lowest of these: ${money(perMonthMinor)} ${perUnit(price.unit)}.`
        : 'You already pay no more than the benchmarks, so aim to keep today’s price.',
  );
  const units = price.unit === 'user' ? (seatTarget ?? price.seats ?? 1) : 1;
  const yearlyMinor = perMonthMinor * 12 * units;
  const savingYearlyMinor = price.yearlyMinor - yearlyMinor;
  reasoning.push(
    savingYearlyMinor > 0
      ? `That is ${money(yearlyMinor)} a year, ${money(savingYearlyMinor)} less than today.`
      : `That is ${money(yearlyMinor)} a year.`,
  );
  return { seats: seatTarget, perMonthMinor, yearlyMinor, savingYearlyMinor, reasoning };
}
