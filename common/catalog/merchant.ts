// Matching card-statement merchant strings to catalogue apps.
import { CATALOG } from './catalog';
import { damerauLevenshtein } from './fuzzy';
import {
  guardedConfidence,
  leadingNameConfidence,
  MIN_INNER_NAME_LENGTH,
  namesOtherBusiness,
} from './match-guards';
import { merchantWords, namesWithDomain, withoutTrailingNoise } from './merchant-normalize';
import type { CatalogApp } from './types';

export interface MerchantMatch {
  app: CatalogApp;
  /** 0..1: 1 = the whole cleaned string is a known alias; below ~0.7 treat as a suggestion. */
  confidence: number;
}

/** Longest alias, in words, worth looking for. */
const MAX_ALIAS_WORDS = 5;
const MIN_CONFIDENCE = 0.5;
const MAX_MERCHANT_LENGTH = 200;
/** Confidence when the alias is all that is left once a trailing billing city is set aside. */
const CITY_TRAILED_CONFIDENCE = 0.95;

/** Where statements say a merchant billed from, printed after its name ('AWS SAN FRANCISCO CA', 'ZOOM.US INTERNET'). */
const BILLING_CITIES: ReadonlySet<string> = new Set(
  [
    ...['SAN FRANCISCO', 'NEW YORK', 'LOS ANGELES', 'SAN JOSE', 'SAN MATEO', 'SAN DIEGO', 'PALO ALTO'],
    ...['MOUNTAIN VIEW', 'MENLO PARK', 'SANTA CLARA', 'SANTA MONICA', 'REDWOOD CITY', 'SUNNYVALE'],
    ...['CUPERTINO', 'OAKLAND', 'SEATTLE', 'REDMOND', 'BELLEVUE', 'PORTLAND', 'BOSTON', 'CAMBRIDGE'],
    ...['AUSTIN', 'DALLAS', 'HOUSTON', 'DENVER', 'CHICAGO', 'ATLANTA', 'MIAMI', 'LEHI', 'WILMINGTON'],
    ...['DOVER', 'TORONTO', 'VANCOUVER', 'MONTREAL', 'DUBLIN', 'LONDON', 'AMSTERDAM', 'BERLIN'],
    ...['MUNICH', 'PARIS', 'LUXEMBOURG', 'ZURICH', 'STOCKHOLM', 'COPENHAGEN', 'HELSINKI', 'OSLO'],
    ...['TEL AVIV', 'SINGAPORE', 'SYDNEY', 'MELBOURNE', 'BANGALORE', 'TOKYO', 'INTERNET'],
  ].map((city) => city.replace(/ /g, '')),
);

/** The words without a trailing billing place (one or two words), and whether one was removed. */
function withoutTrailingCity(words: readonly string[]): { words: readonly string[]; trimmed: boolean } {
  for (const size of [2, 1]) {
    if (words.length <= size) continue;
    if (BILLING_CITIES.has(words.slice(-size).join('')))
      return { words: words.slice(0, -size), trimmed: true };
  }
  return { words, trimmed: false };
}

/** Digit-bearing words that appear in names and aliases (kept when cleaning). */
const KNOWN_WORDS: ReadonlySet<string> = new Set(
  CATALOG.flatMap((app) => [app.name.toUpperCase(), ...app.aliases]).flatMap((s) => s.split(/[^A-Z0-9]+/)),
);
const isKnownWord = (word: string) => KNOWN_WORDS.has(word);

/** Cleaned alias (words run together) → app. Aliases win over names; the first app listed wins a clash. */
const ALIASES: ReadonlyMap<string, CatalogApp> = (() => {
  const map = new Map<string, CatalogApp>();
  const add = (text: string, app: CatalogApp) => {
    const key = merchantWords(text, isKnownWord).join('');
    if (key.length >= 2 && !map.has(key)) map.set(key, app);
  };
  for (const app of CATALOG) for (const alias of app.aliases) add(alias, app);
  for (const app of CATALOG) add(app.name, app);
  return map;
})();

/** Corporate and region abbreviations statements glue to a name: 'DROPBOXINT', 'ATLASSIANEU'. */
const GLUED_SUFFIX = /(?:INTL|INT|INC|LTD|LLC|GMBH|BV|EU|US|UK|IE|IRL|COM|NET|IO)$/;

/** A name with a glued corporate or region suffix: 'DROPBOXINT' (Dropbox International) → Dropbox. */
function truncatedAlias(word: string): CatalogApp | undefined {
  const suffix = GLUED_SUFFIX.exec(word);
  const stem = suffix ? word.slice(0, suffix.index) : '';
  return stem.length >= MIN_INNER_NAME_LENGTH ? ALIASES.get(stem) : undefined;
}

function fuzzyMatch(words: readonly string[], total: number): MerchantMatch | null {
  let best: MerchantMatch | null = null;
  for (const word of words.slice(0, 2)) {
    if (word.length < 5) continue;
    for (const [alias, app] of ALIASES) {
      if (Math.abs(alias.length - word.length) > 1 || damerauLevenshtein(word, alias, 1) > 1) continue;
      const confidence = 0.45 + 0.3 * (word.length / total);
      if (!best || confidence > best.confidence) best = { app, confidence };
    }
  }
  return best;
}

/**
 * The catalogue app a card-statement merchant string most likely refers to, or null.
 * 'ZOOM.US 888-799-9666 CA' → Zoom, 'SQ *NOTION LABS' → Notion, 'AMZN Mktp US' → null.
 */
export function matchMerchant(merchantText: string): MerchantMatch | null {
  const cleaned = merchantWords(merchantText.slice(0, MAX_MERCHANT_LENGTH), isKnownWord);
  // A billing place says where the merchant bills from, not who it is: it does not dilute the match.
  const city = withoutTrailingCity(cleaned);
  const words = withoutTrailingNoise(city.words);
  const trimmed = city.trimmed;
  const domains = namesWithDomain(merchantText.slice(0, MAX_MERCHANT_LENGTH));
  const total = words.join('').length;
  if (total === 0) return null;
  let best: MerchantMatch | null = null;
  for (let start = 0; start < words.length; start++) {
    let key = '';
    for (let end = start; end < Math.min(words.length, start + MAX_ALIAS_WORDS); end++) {
      key += words[end];
      const app = ALIASES.get(key) ?? (end === start && start === 0 ? truncatedAlias(key) : undefined);
      if (!app) continue;
      const coverage = key.length / total;
      const whole = trimmed ? CITY_TRAILED_CONFIDENCE : 1;
      let confidence = coverage === 1 ? whole : (start === 0 ? 0.6 : 0.45) + 0.35 * coverage;
      const asDomain = end === start && domains.has(key);
      if (start === 0 && coverage < 1)
        confidence = leadingNameConfidence(key, coverage, confidence, asDomain);
      // A line about another business ('NOTION HAIR SALON') matches nothing at all.
      if (namesOtherBusiness(words, start, end - start + 1)) return null;
      const guarded = guardedConfidence(words, start, end - start + 1, confidence, asDomain);
      if (guarded !== null && (!best || guarded > best.confidence)) best = { app, confidence: guarded };
    }
  }
  best ??= fuzzyMatch(words, total);
  return best && best.confidence >= MIN_CONFIDENCE
    ? { app: best.app, confidence: Math.round(best.confidence * 100) / 100 }
    : null;
}
