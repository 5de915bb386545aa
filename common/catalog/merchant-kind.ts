// Whether a recurring card charge is software at all, before anyone calls it unregistered software
// (shadow IT, issue 32): a gym, an airline, a restaurant or a phone bill recurs too. The evidence,
// strongest first: the merchant category the statement gives (a card MCC or a category column), the
// catalogue (matchMerchant, with the matcher's guards), the matcher's own "another kind of business"
// words, then software wording, software resellers and web-address names.
import { matchMerchant } from './merchant';
import { namesOtherBusiness } from './match-guards';
import { merchantWords, namesWithDomain } from './merchant-normalize';

export type MerchantKind =
  /** A catalogue application. */
  | 'catalogue'
  /** Not in the catalogue, but the line or its category says software. */
  | 'software'
  /** The category or the wording says another kind of business. */
  | 'not-software'
  /** Nothing says what it is. */
  | 'unknown';

/**
 * Card merchant category codes (ISO 18245) of software: computer software stores, digital goods,
 * computer programming and data processing, information retrieval, network services.
 */
const SOFTWARE_MCC = new Set([4816, 5045, 5734, 5815, 5816, 5817, 5818, 7372, 7374, 7375, 7379]);

/** Category names (English, German, French, Spanish, Dutch) that say software. */
const SOFTWARE_CATEGORY =
  /\b(software|saas|subscriptions?|computer|internet services?|cloud|it services?|hosting|digital (goods|services)|logiciels?|abonnements?|informatique)\b/i;
/** Category names that say another kind of spending. */
const OTHER_CATEGORY =
  /\b(travel|airlines?|air ?fare|flights?|hotels?|lodging|accommodation|restaurants?|dining|meals?|food|groceries|grocery|supermarkets?|fuel|gas(oline)?|petrol|transport(ation)?|taxi|rides?(hare)?|parking|car rental|fitness|gym|health ?clubs?|sports?|entertainment|telecom(munications)?|phone|mobile|utilities|utility|electricity|insurance|medical|pharmacy|rent|office supplies|shipping|postage|reisen?|voyages?|repas|viajes?|comida)\b/i;

/** Statement words of bills and travel the matcher's guard does not list (it guards software names). */
const OTHER_WORDS = new Set([
  ...['AIR', 'AIRLINES', 'AIRLINE', 'AIRWAYS', 'AIRPORT', 'FLIGHT', 'RAIL', 'RAILWAY', 'TRAIN', 'HOTELS'],
  ...['RESORT', 'MOTEL', 'UBER', 'LYFT', 'TRIP', 'RIDE', 'EATS', 'GROCERY', 'SUPERMARKET', 'FOODS'],
  ...['RESTAURANTS', 'WIRELESS', 'TELECOM', 'MOBILE', 'BROADBAND', 'CABLE', 'ENERGY', 'ELECTRIC', 'WATER'],
  ...['INSURANCE', 'CLUB', 'GYMS', 'PILATES', 'CROSSFIT', 'MKTP', 'MARKETPLACE', 'AMZN', 'PETROL'],
]);

/** Words that say software in a merchant line. */
const SOFTWARE_WORDS = new Set([
  ...['SOFTWARE', 'SAAS', 'CLOUD', 'APP', 'APPS', 'HOSTING', 'SERVER', 'SERVERS', 'API'],
  ...['ANALYTICS', 'LABS', 'TECHNOLOGIES', 'DATA', 'DEV', 'DEVELOPER', 'PLATFORM', 'AI'],
  ...['FASTSPRING', 'GUMROAD', 'LEMONSQUEEZY'],
]);

/** Merchants of record that only sell software (FastSpring, Paddle, 2Checkout, Digital River). */
const SOFTWARE_RESELLER = /^\s*(?:FS|PADDLE(?:\.NET)?|2CO(?:\.COM)?|DRI)\s*\*/i;

/** The category's verdict: 'software', 'not-software', or null when it says neither. */
function categoryKind(category: string | null): 'software' | 'not-software' | null {
  const text = category?.trim() ?? '';
  if (text === '') return null;
  if (/^\d{4}$/.test(text)) return SOFTWARE_MCC.has(Number(text)) ? 'software' : 'not-software';
  if (SOFTWARE_CATEGORY.test(text)) return 'software';
  if (OTHER_CATEGORY.test(text)) return 'not-software';
  return null;
}

/** The matcher's own threshold (MATCH_THRESHOLD): a weaker match is only a suggestion. */
const CATALOGUE_MATCH = 0.7;
/** A catalogue match this strong is the merchant whatever its category says. */
const STRONG_MATCH = 0.8;

/** What kind of merchant a statement line (and its category, when the import has one) is. */
export function merchantKind(merchant: string, category: string | null = null): MerchantKind {
  // The raw words (domains split): 'HOTELS.COM' is a hotel, not a web-address software name.
  const raw = merchant
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (raw.some((w) => OTHER_WORDS.has(w)) || namesOtherBusiness(raw, raw.length, 0)) return 'not-software';
  const match = matchMerchant(merchant);
  const known = match && match.confidence >= CATALOGUE_MATCH ? match : null;
  const byCategory = categoryKind(category);
  // A category typed on an import can be wrong; only a whole catalogue name outweighs it.
  if (known && (byCategory !== 'not-software' || known.confidence >= STRONG_MATCH)) return 'catalogue';
  if (byCategory !== null) return byCategory;
  const words = merchantWords(merchant);
  if (SOFTWARE_RESELLER.test(merchant) || words.some((w) => SOFTWARE_WORDS.has(w))) return 'software';
  return namesWithDomain(merchant).size > 0 ? 'software' : 'unknown';
}
