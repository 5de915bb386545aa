// The search index, built once at module load: normalised names, aliases, tokens and trigrams.
import { CATALOG, popularityOf } from './catalog';
import { damerauLevenshtein, trigrams, typoBudget } from './fuzzy';
import { compact, normalizeText, tokenize } from './normalize';
import type { CatalogApp } from './types';

export interface IndexedApp {
  app: CatalogApp;
  /** 0..1, from POPULAR_SLUGS. */
  popularity: number;
  nameCompact: string;
  slugCompact: string;
  nameTokens: readonly string[];
  /** Aliases (and the name's initials) with spaces removed: 'msft365', 'gsuite', 'aws'. */
  aliasCompacts: readonly string[];
  aliasTokens: readonly string[];
  vendorCompact: string;
  vendorTokens: readonly string[];
  /** 'notion' for notion.so. */
  domainLabel: string;
  nameGrams: ReadonlySet<string>;
}

function indexApp(app: CatalogApp): IndexedApp {
  const nameTokens = tokenize(normalizeText(app.name));
  const aliases = app.aliases.map(normalizeText);
  const initials = nameTokens.length >= 2 ? [nameTokens.map((t) => t[0]).join('')] : [];
  const vendor = normalizeText(app.vendor);
  const nameCompact = nameTokens.join('');
  return {
    app,
    popularity: popularityOf(app.slug),
    nameCompact,
    slugCompact: app.slug.replace(/-/g, ''),
    nameTokens,
    aliasCompacts: [...new Set([...aliases.map(compact), ...initials])],
    aliasTokens: [...new Set(aliases.flatMap(tokenize))],
    vendorCompact: compact(vendor),
    vendorTokens: tokenize(vendor),
    domainLabel: normalizeText(app.domain.split('.')[0]),
    nameGrams: new Set(trigrams(nameCompact)),
  };
}

export const INDEXED_APPS: readonly IndexedApp[] = CATALOG.map(indexApp);

function multiMap<K>(pairs: Iterable<[K, number]>): Map<K, number[]> {
  const map = new Map<K, number[]>();
  for (const [key, id] of pairs) {
    const ids = map.get(key);
    if (!ids) map.set(key, [id]);
    else if (ids[ids.length - 1] !== id) ids.push(id);
  }
  return map;
}

function* keyPairs(): Generator<[string, number]> {
  for (const [id, e] of INDEXED_APPS.entries()) {
    for (const word of [...e.nameTokens, ...e.aliasTokens, ...e.vendorTokens]) yield [word, id];
    for (const key of [e.nameCompact, e.slugCompact, ...e.aliasCompacts, e.vendorCompact, e.domainLabel]) {
      yield [key, id];
    }
  }
}

/** Every word and run-together key (name, slug, alias, vendor, domain) → the apps that have it. */
const KEY_APPS: ReadonlyMap<string, readonly number[]> = multiMap(keyPairs());
/** The same keys, sorted, for prefix lookups. */
const SORTED_KEYS: readonly string[] = [...KEY_APPS.keys()].sort();
/** Trigram → ids of the keys containing it (for typo lookups). */
const KEY_GRAMS: ReadonlyMap<string, readonly number[]> = multiMap(
  SORTED_KEYS.flatMap((key, id) => [...new Set(trigrams(key))].map((g): [string, number] => [g, id])),
);
/** Trigram → apps whose run-together name contains it. */
const NAME_GRAMS: ReadonlyMap<string, readonly number[]> = multiMap(
  INDEXED_APPS.flatMap((e, id) => [...e.nameGrams].map((g): [string, number] => [g, id])),
);

function firstAtOrAfter(prefix: string): number {
  let lo = 0;
  let hi = SORTED_KEYS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (SORTED_KEYS[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const PREFIX_SIMILARITY = 0.9;
const FUZZY_PREFIX_SIMILARITY = 0.7;

/**
 * Index keys similar to one query word, with a similarity in 0..1: exact 1, prefix 0.9, within the
 * typo budget 1 - distance / length, a typo'd prefix of a longer key 0.7.
 */
export function similarWords(token: string): Map<string, number> {
  const found = new Map<string, number>();
  for (let i = firstAtOrAfter(token); i < SORTED_KEYS.length && SORTED_KEYS[i].startsWith(token); i++) {
    found.set(SORTED_KEYS[i], SORTED_KEYS[i] === token ? 1 : PREFIX_SIMILARITY);
  }
  const budget = typoBudget(token.length);
  if (budget === 0) return found;
  const grams = trigrams(token);
  const shared = new Map<number, number>();
  for (const gram of grams) {
    for (const id of KEY_GRAMS.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
  }
  // Each edit destroys at most three trigrams; one more may go at the end of a prefix.
  const minShared = Math.max(1, grams.length - 3 * budget - 1);
  for (const [id, count] of shared) {
    const key = SORTED_KEYS[id];
    if (count < minShared || found.has(key)) continue;
    const distance = damerauLevenshtein(token, key, budget);
    if (distance <= budget) {
      found.set(key, 1 - distance / Math.max(token.length, key.length));
    } else if (key.length > token.length && damerauLevenshtein(token, key.slice(0, token.length), 1) <= 1) {
      found.set(key, FUZZY_PREFIX_SIMILARITY);
    }
  }
  return found;
}

/**
 * Ids of the apps that can match at all: those owning a key similar to a query word, a key starting
 * with the run-together query, or enough of its trigrams for the Dice test.
 */
export function candidateApps(
  queryCompact: string,
  similar: readonly Map<string, number>[],
  minDice: number,
): Set<number> {
  const ids = new Set<number>();
  for (const words of similar)
    for (const word of words.keys()) for (const id of KEY_APPS.get(word) ?? []) ids.add(id);
  for (let i = firstAtOrAfter(queryCompact); i < SORTED_KEYS.length; i++) {
    if (!SORTED_KEYS[i].startsWith(queryCompact)) break;
    for (const id of KEY_APPS.get(SORTED_KEYS[i]) ?? []) ids.add(id);
  }
  const grams = new Set(trigrams(queryCompact));
  const shared = new Map<number, number>();
  for (const gram of grams)
    for (const id of NAME_GRAMS.get(gram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
  for (const [id, count] of shared) {
    if ((2 * count) / (grams.size + INDEXED_APPS[id].nameGrams.size) >= minDice) ids.add(id);
  }
  return ids;
}
