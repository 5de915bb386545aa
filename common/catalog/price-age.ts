// How old a catalogue list price is, and whether it may back a saving: the one rule every reader
// (benchmarks, insights, negotiation pack, catalogue screens, demo, bench) asks. A price is as old as
// the date its source shows, not the day someone typed or read it; a source with no date is of
// unknown age and treated like a stale one.
import { addMonths, todayInTimeZone } from '../dates';
import type { CatalogPrice } from './types';

/** A price observed longer ago than this is stale. */
export const STALE_AFTER_MONTHS = 12;

/** `current`: observed within the last 12 months; `stale`: earlier; `unknown`: the source shows no date. */
export type PriceAge = 'current' | 'stale' | 'unknown';

type DatedPrice = Pick<CatalogPrice, 'observedOn'>;

/** Today's calendar date (UTC), the default "as of" for the age rule. */
export const priceAgeToday = (): string => todayInTimeZone(new Date());

export function priceAge(price: DatedPrice, today: string = priceAgeToday()): PriceAge {
  if (!price.observedOn) return 'unknown';
  return price.observedOn < addMonths(today, -STALE_AFTER_MONTHS) ? 'stale' : 'current';
}

/** Stale or of unknown age: shown with a warning, never used for savings. */
export const isStalePrice = (price: DatedPrice, today?: string): boolean =>
  priceAge(price, today) !== 'current';

/** A price a savings claim or a benchmark may rest on: confirmed by its source, and not stale. */
export const isUsableForSavings = (
  price: DatedPrice & Pick<CatalogPrice, 'confirmed'>,
  today?: string,
): boolean => price.confirmed && !isStalePrice(price, today);

/** The word a price display adds: unconfirmed, stale (or of unknown age), or nothing for a trusted price. */
export function priceCaveat(price: { confirmed: boolean; stale: boolean }): 'unconfirmed' | 'stale' | null {
  if (!price.confirmed) return 'unconfirmed';
  return price.stale ? 'stale' : null;
}
