// An application's price (or one license tier's) as a benchmark compares it: per seat per month
// (per-seat) or per month (flat), in the organization's currency, with its term and seat band.
// Pure: the benchmark API, the negotiation pack, the insights detector and the web share it.
import type { BenchmarkTerm, NormalisedPriceWire, SeatBand } from '../contracts/benchmarks';
import { annualisedMinor, monthlyEquivalentMinor, type BillingCycle, type PricingModel } from '../billing';
import { minorUnitDigits } from '../money';
import type { ReferenceRates } from './reference-rates';

/** A seat count's band: 1-10, 11-50, 51-250, 251+. */
export function seatBandOf(seats: number | null): SeatBand | null {
  if (seats === null || seats <= 0) return null;
  if (seats <= 10) return '1-10';
  if (seats <= 50) return '11-50';
  if (seats <= 250) return '51-250';
  return '251+';
}

/**
 * How long a price is committed for, by its billing cycle: annual and multi-year as they say; a
 * shorter cycle (weekly to semi-annual) is compared with month-to-month prices.
 */
export function termOf(cycle: BillingCycle): BenchmarkTerm {
  if (cycle === 'multi-year') return 'multi-year';
  return cycle === 'annual' ? 'annual' : 'monthly';
}

export interface Converted {
  amountMinor: number;
  /** The reference rates' date when converted; null when the currencies were the same. */
  rateDate: string | null;
}

/**
 * An amount in another currency at the reference rates (via the euro), rounded half away from zero
 * to the target's minor unit. Null when either currency has no rate.
 */
export function convertMinor(
  amountMinor: number,
  from: string,
  to: string,
  rates: ReferenceRates | null,
): Converted | null {
  if (from === to) return { amountMinor, rateDate: null };
  const fromRate = rates?.perEur[from];
  const toRate = rates?.perEur[to];
  if (!rates || !fromRate || !toRate) return null;
  const major = amountMinor / 10 ** minorUnitDigits(from);
  const target = (major / fromRate) * toRate * 10 ** minorUnitDigits(to);
  const rounded = Math.sign(target) * Math.round(Math.abs(target));
  return { amountMinor: rounded === 0 ? 0 : rounded, rateDate: rates.date };
}

/** One price as stored: an application's own terms, or a license tier's (always per seat). */
export interface PriceTermsInput {
  tierId: string | null;
  tierName: string | null;
  pricingModel: PricingModel;
  /** Per cycle for flat prices. */
  amountMinor: number | null;
  /** Per seat per cycle for per-seat prices. */
  unitPriceMinor: number | null;
  seats: number | null;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  currency: string;
}

/** A normalised price plus the exact yearly figure of one unit, which comparisons use. */
export interface ComparablePrice extends NormalisedPriceWire {
  /** One seat (per-seat) or the account (flat) for a year, from the cycle itself. */
  perUnitYearlyMinor: number;
  /** Set when the price was converted into the organization's currency. */
  rateDate: string | null;
}

/**
 * The price normalised for benchmarking, in `currency` (the organization's). Null when it cannot be
 * compared: usage pricing, no price, or a currency without a reference rate.
 */
export function normalisePrice(
  input: PriceTermsInput,
  currency: string,
  rates: ReferenceRates | null,
): ComparablePrice | null {
  if (input.pricingModel === 'usage') return null;
  const perSeat = input.pricingModel === 'per-seat';
  const perCycle = perSeat ? input.unitPriceMinor : input.amountMinor;
  if (perCycle === null || perCycle <= 0) return null;
  const converted = convertMinor(perCycle, input.currency, currency, rates);
  if (!converted) return null;
  const perUnitYearlyMinor = annualisedMinor(converted.amountMinor, input.billingCycle, input.intervalMonths);
  const units = perSeat ? (input.seats ?? 0) : 1;
  return {
    tierId: input.tierId,
    tierName: input.tierName,
    unit: perSeat ? 'user' : 'flat',
    perMonthMinor: monthlyEquivalentMinor(converted.amountMinor, input.billingCycle, input.intervalMonths),
    currency,
    seats: input.seats,
    seatBand: seatBandOf(input.seats),
    term: termOf(input.billingCycle),
    yearlyMinor: perUnitYearlyMinor * units,
    perUnitYearlyMinor,
    rateDate: converted.rateDate,
  };
}

/** The wire shape (without the comparison-only fields). */
export function toNormalisedPriceWire(price: ComparablePrice): NormalisedPriceWire {
  const { perUnitYearlyMinor: _yearly, rateDate: _rate, ...wire } = price;
  return wire;
}
