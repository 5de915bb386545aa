// Reference exchange rates for comparing a list price published in one currency with a price paid in
// another. One dated table, not live rates: a benchmark says which day's rate it used, and a saving
// (insights) never rests on a converted price. Figures: units per euro, meant to be the ECB's euro
// foreign exchange reference rates of REFERENCE_RATE_DATE (4 significant digits). They were entered
// from memory, not copied from the ECB file: check them against eurofxref-hist before relying on them,
// and update the date and the figures together.

export const REFERENCE_RATE_DATE = '2025-11-26';

/** Units of each currency per 1 EUR. Currencies absent here are never converted. */
export const REFERENCE_RATES_PER_EUR: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.159,
  GBP: 0.8787,
  JPY: 181.1,
  CHF: 0.9325,
  CAD: 1.632,
  AUD: 1.782,
  NZD: 2.052,
  SEK: 10.95,
  NOK: 11.75,
  DKK: 7.47,
  PLN: 4.235,
  CZK: 24.19,
};

export interface ReferenceRates {
  date: string;
  perEur: Readonly<Record<string, number>>;
}

export const REFERENCE_RATES: ReferenceRates = { date: REFERENCE_RATE_DATE, perEur: REFERENCE_RATES_PER_EUR };
