// The guards every merchant matcher applies (the catalogue's and each organization's): a name found
// in a statement line is evidence of that merchant only when the rest of the line does not say it
// is another kind of business, and a common or short word alone is never enough.

/** Words that say a line is a local business or a consumer product, not a software vendor. */
const OTHER_BUSINESS = new Set([
  ...['HAIR', 'SALON', 'SPA', 'NAIL', 'NAILS', 'BARBER', 'CAFE', 'COFFEE', 'ROASTERS', 'BAKERY', 'BAR'],
  ...['GRILL', 'TAPAS', 'PIZZA', 'PIZZERIA', 'SUSHI', 'RESTAURANT', 'KITCHEN', 'DELI', 'DINER', 'BISTRO'],
  ...['PUB', 'BREWERY', 'TAVERN', 'YOGA', 'STUDIO', 'GYM', 'FITNESS', 'SURF', 'SHOP', 'STORE', 'MARKET'],
  ...['CAR', 'WASH', 'AUTO', 'MOTORS', 'REPAIR', 'LOCKSMITH', 'SECURITY', 'MOVING', 'STORAGE', 'HOTEL'],
  ...['OUTFITTERS', 'INN', 'PARK', 'HILL', 'FLORIST', 'DENTAL', 'CLINIC', 'PHARMACY', 'LIQUOR', 'WINE'],
  ...['TAXI', 'PARKING', 'FUEL', 'GAS', 'LAUNDRY', 'CLEANERS', 'TATTOO', 'BOUTIQUE', 'FARM', 'GARDEN'],
  // Money moved by a software vendor, not its software: 'SHOPIFY CAPITAL', 'STRIPE PAYOUT'.
  ...['CAPITAL', 'LOAN', 'LENDING', 'PAYOUT', 'PAYOUTS', 'TRANSFER', 'XFER', 'DEPOSIT'],
  // Consumer products of software vendors: not the business subscription.
  ...['XBOX', 'PLAY', 'YOUTUBE', 'YOUTUBEPREMIUM', 'TV', 'MUSIC', 'GAMES', 'ICLOUD', 'PRIME', 'KINDLE'],
]);

/** Names that are everyday words: on their own, followed by unknown words, they prove nothing. */
const COMMON_WORDS = new Set([
  ...['NOTION', 'ZOOM', 'SLACK', 'BOX', 'LINEAR', 'LOOM', 'MONDAY', 'STRIPE', 'GUSTO', 'SENTRY'],
  ...['BASECAMP', 'ASANA', 'MIRO', 'OKTA', 'ATLAS', 'GONG', 'APOLLO', 'MURAL', 'POSTMAN', 'OUTREACH'],
  ...['INTERCOM', 'SIGNAL', 'FRONT', 'PILOT', 'HARVEST', 'BENCH', 'RAMP', 'BREX', 'DRIFT', 'SPLASH'],
]);

/** Whether a catalogue name is an everyday word ('Notion', 'Front'): alone it proves nothing. */
export const isCommonWordName = (name: string) =>
  COMMON_WORDS.has(name.toUpperCase().replace(/[^A-Z0-9]/g, ''));

/** Names this short are too weak alone inside a longer line ('APPLE.COM/BILL' is not Bill). */
export const MIN_INNER_NAME_LENGTH = 6;

/** Whether the line, besides the name at `at`, says it is another kind of business or product. */
export function namesOtherBusiness(words: readonly string[], at: number, nameWords: number): boolean {
  const rest = [...words.slice(0, at), ...words.slice(at + nameWords)];
  return rest.some((w) => OTHER_BUSINESS.has(w) || w.startsWith('YOUTUBE'));
}

/**
 * How much a name found at word `at` of a cleaned statement line (`words`) proves, given the
 * confidence its position and coverage suggest: unchanged, capped below the threshold (a common
 * word followed by unknown words), or null (no evidence: another kind of business, or a short
 * word inside the line).
 */
export function guardedConfidence(
  words: readonly string[],
  at: number,
  nameWords: number,
  confidence: number,
  /** The name was written as a web address ('NOTION.SO'): not a common word then. */
  asDomain = false,
): number | null {
  const name = words.slice(at, at + nameWords).join('');
  const rest = [...words.slice(0, at), ...words.slice(at + nameWords)];
  if (namesOtherBusiness(words, at, nameWords)) return null;
  if (at > 0 && nameWords === 1 && name.length < MIN_INNER_NAME_LENGTH) return null;
  if (rest.length > 0 && nameWords === 1 && COMMON_WORDS.has(name) && !asDomain)
    return Math.min(confidence, 0.65);
  return confidence;
}

/** A distinctive name leading the line: what is left is place or reference, so it is a strong match. */
export function leadingNameConfidence(
  name: string,
  coverage: number,
  confidence: number,
  /** Written as a web address ('OVH.COM') or followed by a company form ('OVH SAS'): a name, not a word. */
  provenName = false,
): number {
  const distinctive = provenName ? name.length >= 3 : name.length >= 4 && !COMMON_WORDS.has(name);
  return distinctive ? Math.max(confidence, 0.8 + 0.15 * coverage) : confidence;
}
