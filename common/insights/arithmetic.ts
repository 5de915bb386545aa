// The sums behind a saving, computed and written out the same way everywhere, so the text a person
// reads is exactly the arithmetic that produced the figure.
import { annualisedMinor, cycleMonths, type BillingCycle } from '../billing';
import { formatAmount, mulDivMinor } from '../money';
import { plural } from '../wording';
import type { Saving } from './opportunity';

/** "× 12 months", "× 4 quarters", "a year"…: how a per-cycle price becomes a yearly one. */
function perYearText(cycle: BillingCycle, intervalMonths: number | null | undefined): string {
  const months = cycleMonths(cycle, intervalMonths);
  if (months === null) return '× 52 weeks';
  if (months === 12) return 'a year';
  if (months > 12) return `per ${months} months ÷ ${months / 12} years`;
  const perYear = 12 / months;
  const unit = { 1: 'months', 3: 'quarters', 6: 'half-years' }[months] ?? `${months}-month cycles`;
  return `× ${perYear} ${unit}`;
}

/**
 * A number of units (seats, accounts) at a price per billing cycle, over a year:
 * "3 seats × $12.00 × 12 months = $432.00", "2 seats × $144.00 a year = $288.00".
 */
export function unitsPerYear(input: {
  units: number;
  unit: string;
  perCycleMinor: number;
  cycle: BillingCycle;
  intervalMonths?: number | null;
  currency: string;
}): Saving {
  const { units, perCycleMinor, cycle, intervalMonths, currency } = input;
  const annualMinor = annualisedMinor(units * perCycleMinor, cycle, intervalMonths);
  const arithmetic =
    `${plural(units, input.unit)} × ${formatAmount(perCycleMinor, currency)} ` +
    `${perYearText(cycle, intervalMonths)} = ${formatAmount(annualMinor, currency)}`;
  return { annualMinor, currency, arithmetic };
}

/** A yearly amount scaled by a fraction: "$1,918.80 a year × 2/12 (the annual-billing discount) = $319.80". */
export function shareOfYearly(input: {
  annualMinor: number;
  numerator: number;
  denominator: number;
  why: string;
  currency: string;
}): Saving {
  const { numerator, denominator, currency } = input;
  const saved = mulDivMinor(input.annualMinor, numerator, denominator);
  const arithmetic =
    `${formatAmount(input.annualMinor, currency)} a year × ${percentText(numerator, denominator)} ` +
    `(${input.why}) = ${formatAmount(saved, currency)}`;
  return { annualMinor: saved, currency, arithmetic };
}

/** A percentage with one decimal when it needs one: 16.7 %, 10 %. */
export function percentText(numerator: number, denominator: number): string {
  const pct = Math.round((numerator / denominator) * 1000) / 10;
  return `${pct}%`;
}

/**
 * Several savings in one currency added up: "$432.00 + $120.00 = $552.00", each term named when
 * it has a label ("Zoom Pro $432.00 + Google Meet $120.00 = $552.00"); a single one stays as it is.
 */
export function sumOfSavings(
  parts: ReadonlyArray<Saving & { label?: string }>,
  currency: string,
): Saving | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) {
    const { label: _label, ...only } = parts[0];
    return only;
  }
  const annualMinor = parts.reduce((n, p) => n + p.annualMinor, 0);
  const term = (p: Saving & { label?: string }) =>
    `${p.label ? `${p.label} ` : ''}${formatAmount(p.annualMinor, currency)}`;
  const arithmetic = `${parts.map(term).join(' + ')} = ${formatAmount(annualMinor, currency)}`;
  return { annualMinor, currency, arithmetic };
}

/** Why no saving is claimed for an amount in a currency other than the organization's. */
export function otherCurrencyReason(currency: string, orgCurrency: string): string {
  return `Priced in ${currency}, while the organization reports in ${orgCurrency}: the amount is not converted, so no saving is claimed.`;
}

/**
 * The seats to renew: those in use plus the buffer (percent), rounded up to a whole seat, and at
 * least one (renewing none is cancelling, a different decision). The one sizing rule of the
 * insights' renewal right-sizing and the negotiation pack's target.
 */
export function seatsToRenew(inUse: number, bufferPct: number): number {
  return Math.max(1, Math.ceil((inUse * (100 + bufferPct)) / 100));
}
