// 9. Price increase: the latest recorded price (or a charge) more than X % above the one before.
// A recorded price change compares the seat price (per seat) or the cycle price (flat) in the same
// cycle and currency, so adding seats is not a price rise.
import { annualisedMinor } from '../../../../common/billing';
import { addDays } from '../../../../common/dates';
import { formatAmount, mulDivMinor } from '../../../../common/money';
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import { percentText, unitsPerYear } from '../../../../common/insights/arithmetic';
import type { SnapshotApplication, SnapshotPrice, SnapshotPriceChange } from '../snapshot';
import { applicationEvidence, applicationPath, isLive, type Detector } from './facts';
import { formatProseDate } from '../../../../common/wording';

/** Changes and charges older than this are history, not news. */
const RECENT_DAYS = 365;
const RECENT_CHARGE_DAYS = 90;
/**
 * A charge more than this far above the expected price is rarely a price rise: more often another
 * product's invoice matched to this application, or a one-off. It is still shown, with low confidence.
 */
const IMPLAUSIBLE_RISE_PCT = 100;

const unitOf = (p: SnapshotPrice) =>
  p.pricingModel === 'per-seat' ? (p.unitPriceMinor ?? 0) : p.amountMinor;

function fromPriceChange(
  app: SnapshotApplication,
  change: SnapshotPriceChange,
  threshold: number,
  currency: string,
): Opportunity | null {
  const { previous, current } = change;
  const comparable =
    previous.pricingModel === current.pricingModel &&
    previous.billingCycle === current.billingCycle &&
    previous.currency === current.currency &&
    current.currency === currency;
  const before = unitOf(previous);
  const after = unitOf(current);
  if (!comparable || before <= 0 || (after - before) * 100 <= before * threshold) return null;
  const perSeat = current.pricingModel === 'per-seat';
  const units = perSeat ? (current.seats ?? 0) : 1;
  const saving = unitsPerYear({
    units,
    unit: perSeat ? 'seat' : 'subscription',
    perCycleMinor: after - before,
    cycle: current.billingCycle,
    intervalMonths: current.intervalMonths,
    currency,
  });
  const what = perSeat ? 'per seat' : 'per cycle';
  return {
    type: 'price_increase',
    key: opportunityKey('price_increase', app.id),
    title: `${app.name} went up ${percentText(after - before, before)}`,
    explanation:
      `${app.name} rose from ${formatAmount(before, currency)} to ${formatAmount(after, currency)} ${what} on ${formatProseDate(change.effectiveDate)}. ` +
      'Push back before it renews, or cite the contract’s price cap.',
    evidence: [
      applicationEvidence(app),
      {
        kind: 'price_change',
        id: change.id,
        label: `Price change on ${formatProseDate(change.effectiveDate)}`,
        figures: {
          Before: formatAmount(before, currency),
          After: formatAmount(after, currency),
          Increase: percentText(after - before, before),
        },
      },
    ],
    saving: units > 0 ? saving : null,
    savingUnavailable:
      units > 0 ? null : `The seat count of ${app.name} is missing: enter it to see the saving.`,
    claims:
      units > 0
        ? [
            {
              kind: 'rate',
              applicationId: app.id,
              annualMinor: saving.annualMinor,
              basisSeats: perSeat ? units : null,
            },
          ]
        : [],
    confidence: 'high',
    confidenceReason: 'Both prices are in the application’s price history.',
    applicationIds: [app.id],
    personIds: [],
    action: { path: applicationPath(app.id), text: 'Negotiate the increase back' },
  };
}

export const detectPriceIncreases: Detector = (snapshot, settings) => {
  const { today, currency } = snapshot.organization;
  const latestChange = new Map<string, SnapshotPriceChange>();
  for (const change of snapshot.priceChanges) {
    if (change.effectiveDate < addDays(today, -RECENT_DAYS)) continue;
    const seen = latestChange.get(change.applicationId);
    if (!seen || seen.effectiveDate <= change.effectiveDate) latestChange.set(change.applicationId, change);
  }
  const found: Opportunity[] = [];
  for (const app of snapshot.applications) {
    if (!isLive(app)) continue;
    const change = latestChange.get(app.id);
    const fromHistory = change ? fromPriceChange(app, change, settings.priceIncreasePct, currency) : null;
    if (fromHistory) {
      found.push(fromHistory);
      continue;
    }
    // No recorded rise: a recent charge well above what the application should cost.
    const charge = snapshot.charges
      .filter(
        (c) =>
          c.applicationId === app.id &&
          c.overExpectedPercent !== null &&
          c.overExpectedPercent > settings.priceIncreasePct &&
          c.date >= addDays(today, -RECENT_CHARGE_DAYS),
      )
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    if (!charge || charge.currency !== currency) continue;
    const pct = charge.overExpectedPercent!;
    const excess = charge.amountMinor - mulDivMinor(charge.amountMinor, 100, 100 + pct);
    const annualMinor = annualisedMinor(excess, app.billingCycle, app.intervalMonths);
    found.push({
      type: 'price_increase',
      key: opportunityKey('price_increase', app.id),
      title: `${app.name} charged ${pct}% more than expected`,
      explanation:
        `The charge of ${formatAmount(charge.amountMinor, currency)} on ${formatProseDate(charge.date)} is ${pct}% above what ${app.name} should cost. ` +
        'Check the invoice: a quiet price rise, extra seats or a one-off?',
      evidence: [
        applicationEvidence(app),
        {
          kind: 'expense',
          id: charge.expenseId,
          label: charge.merchant,
          figures: {
            Date: charge.date,
            Amount: formatAmount(charge.amountMinor, currency),
            'Above expected': `${pct}%`,
          },
        },
      ],
      saving: {
        annualMinor,
        currency,
        arithmetic: `${formatAmount(excess, currency)} above expected per ${app.billingCycle} charge, over a year = ${formatAmount(annualMinor, currency)}`,
      },
      savingUnavailable: null,
      claims: [{ kind: 'rate', applicationId: app.id, annualMinor, basisSeats: null }],
      ...(pct > IMPLAUSIBLE_RISE_PCT
        ? {
            confidence: 'low' as const,
            confidenceReason:
              'The charge is more than double the expected price: check it is this application’s invoice, not another product’s or a one-off.',
          }
        : {
            confidence: 'medium' as const,
            confidenceReason: 'One charge is above the expected price; it may be a one-off or extra usage.',
          }),
      applicationIds: [app.id],
      personIds: [],
      action: { path: applicationPath(app.id), text: 'Check the invoice' },
    });
  }
  return found;
};
