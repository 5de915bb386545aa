// Matching card-statement merchant strings to catalogue apps.
import { CATALOG } from './catalog';
import { damerauLevenshtein } from './fuzzy';
import { guardedConfidence, leadingNameConfidence, namesOtherBusiness } from './match-guards';
import { CORPORATE_FORMS, merchantWords, namesWithDomain, withoutTrailingNoise } from './merchant-normalize';
import type { CatalogApp } from './types';

export interface MerchantMatch {
  app: CatalogApp;
  /** 0..1: 1 = the whole cleaned string is a known alias; below ~0.7 treat as a suggestion. */
  confidence: number;
  /** The name or alias found, words run together ('ATLASSIAN', 'GOOGLECLOUD'). */
  found: string;
}

/** Longest alias, in words, worth looking for. */
const MAX_ALIAS_WORDS = 5;
const MIN_CONFIDENCE = 0.5;
const MAX_MERCHANT_LENGTH = 200;
/** Confidence when the alias is all that is left once a trailing billing city is set aside. */
const CITY_TRAILED_CONFIDENCE = 0.95;
/** Confidence when the whole line is a glued or cut-short name ('PAYPAL *ZOOMVIDEOCO'). */
const GLUED_CONFIDENCE = 0.9;

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

/**
 * Words statements glue to a name, whole or cut short: corporate forms, regions and the words of a
 * legal name ('ATLASSIANPT' = Atlassian Pty, 'CANVAPTYLIM', 'DROPBOXINT', 'ADOBESYS', 'SLACKTECHN').
 */
const GLUED_TAILS = [
  ...['INCORPORATED', 'LLC', 'LIMITED', 'LTD', 'PTYLTD', 'PTYLIMITED', 'GMBH', 'CORPORATION', 'COMPANY'],
  ...['SARL', 'SAS', 'BV', 'PLC', 'INTERNATIONAL', 'INTL', 'TECHNOLOGIES', 'TECHNOLOGY', 'SOFTWARE'],
  ...[
    'SYSTEMS',
    'LABS',
    'COMMUNICATIONS',
    'HQ',
    'EUROPE',
    'EU',
    'USA',
    'UK',
    'IE',
    'IRL',
    'COM',
    'NET',
    'IO',
  ],
];
/** Shortest name a glued or cut-short word may stand for, and the least of the name a cut must keep. */
const MIN_GLUED_STEM = 5;
const MIN_TRUNCATED_LENGTH = 8;

/** 'PT' of 'PTYLTD', 'TECHN' of 'TECHNOLOGIES': the start of a tail statements glue to a name. */
const startsGluedTail = (rest: string) =>
  rest.length >= 2 && GLUED_TAILS.some((tail) => tail.startsWith(rest));

/** Multi-word alias keys with where their words end ('ZOOMVIDEOCOMMUNICATIONS': 4, 9, 23). */
const MULTI_WORD_ALIASES: ReadonlyArray<{ key: string; ends: readonly number[] }> = [
  ...new Set(CATALOG.flatMap((app) => [app.name, ...app.aliases])),
].flatMap((text) => {
  const words = merchantWords(text, isKnownWord);
  if (words.length < 2) return [];
  let end = 0;
  return [{ key: words.join(''), ends: words.map((w) => (end += w.length)) }];
});

/** Whether `word` is a multi-word alias cut inside a word after its first ('ZOOMVIDEOCO'), not a whole word of it. */
const cutsInside = (word: string, alias: { key: string; ends: readonly number[] }) =>
  alias.key.length > word.length &&
  alias.key.startsWith(word) &&
  word.length > alias.ends[0]! + 1 &&
  !alias.ends.includes(word.length);

/**
 * The app a single glued or cut-short word names, as statements print them (payment processors glue
 * and cut the seller's legal name to a fixed width: 'PAYPAL *ATLASSIANPT', 'PAYPAL *ZOOMVIDEOCO'):
 * a known name followed by the start of a corporate form or legal-name word, or exactly one app's
 * multi-word name cut inside a word after its first (8 letters or more; a whole word is not a cut).
 */
function gluedAlias(word: string): { app: CatalogApp; alias: string } | undefined {
  for (let cut = word.length - 2; cut >= MIN_GLUED_STEM; cut--) {
    const alias = word.slice(0, cut);
    const app = ALIASES.get(alias);
    if (app && startsGluedTail(word.slice(cut))) return { app, alias };
  }
  if (word.length < MIN_TRUNCATED_LENGTH) return undefined;
  const cut = MULTI_WORD_ALIASES.filter((alias) => cutsInside(word, alias));
  const apps = new Set(cut.map((alias) => ALIASES.get(alias.key)));
  return apps.size === 1 && cut[0] ? { app: ALIASES.get(cut[0].key)!, alias: cut[0].key } : undefined;
}

/** Each app's vendor words as statements print them ('SINCH' for Mailgun): they explain a line, not dilute it. */
const VENDOR_WORDS: ReadonlyMap<CatalogApp, ReadonlySet<string>> = new Map(
  CATALOG.map((app) => [app, new Set(merchantWords(app.vendor, isKnownWord))]),
);

/**
 * Letters of the words around a name found at `start..end` that the app itself explains: its
 * vendor's name before or after it ('SINCH MAILGUN') and the name written again ('MAILGUN MAILGUN.COM').
 */
function explainedAround(words: readonly string[], start: number, end: number, app: CatalogApp, key: string) {
  const vendor = VENDOR_WORDS.get(app)!;
  const explains = (w: string) => vendor.has(w) || w === key;
  let before = 0;
  while (before < start && explains(words[before]!)) before++;
  const letters = [...words.slice(0, start), ...words.slice(end + 1)]
    .filter(explains)
    .reduce((sum, w) => sum + w.length, 0);
  return { letters, leading: before === start };
}

/** Shortest name a one-letter slip may stand for: a letter off a shorter one is another word ('CANVAS', 'PAYME'). */
const MIN_FUZZY_NAME_LENGTH = 6;

function fuzzyMatch(words: readonly string[], total: number): MerchantMatch | null {
  let best: MerchantMatch | null = null;
  for (const word of words.slice(0, 2)) {
    if (word.length < MIN_FUZZY_NAME_LENGTH - 1) continue;
    for (const [alias, app] of ALIASES) {
      if (alias.length < MIN_FUZZY_NAME_LENGTH || word === `${alias}S`) continue; // a plural is a word
      if (Math.abs(alias.length - word.length) > 1 || damerauLevenshtein(word, alias, 1) > 1) continue;
      const confidence = 0.45 + 0.3 * (word.length / total);
      if (!best || confidence > best.confidence) best = { app, confidence, found: alias };
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
      const exact = ALIASES.get(key);
      const glued = exact || end > start || start > 0 ? undefined : gluedAlias(key);
      const app = exact ?? glued?.app;
      if (!app) continue;
      const explained = explainedAround(words, start, end, app, key);
      const coverage = (key.length + explained.letters) / total;
      const leading = start === 0 || explained.leading;
      // A glued or cut-short name is read, not seen whole: strong, never certain.
      const whole = exact ? (trimmed ? CITY_TRAILED_CONFIDENCE : 1) : GLUED_CONFIDENCE;
      let confidence = coverage >= 1 ? whole : (leading ? 0.6 : 0.45) + 0.35 * coverage;
      const asDomain = end === start && domains.has(key);
      // A company form after the name ('OVH SAS ROUBAIX') says the name is a company, not a word.
      const asCompany = CORPORATE_FORMS.has(words[end + 1] ?? '');
      if (leading && coverage < 1)
        confidence = leadingNameConfidence(key, coverage, confidence, asDomain || asCompany);
      // A line about another business ('NOTION HAIR SALON') matches nothing at all.
      if (namesOtherBusiness(words, start, end - start + 1)) return null;
      const guarded = guardedConfidence(words, start, end - start + 1, confidence, asDomain);
      if (guarded !== null && (!best || guarded > best.confidence))
        best = { app, confidence: guarded, found: glued?.alias ?? key };
    }
  }
  best ??= fuzzyMatch(words, total);
  return best && best.confidence >= MIN_CONFIDENCE
    ? { ...best, confidence: Math.round(best.confidence * 100) / 100 }
    : null;
}
