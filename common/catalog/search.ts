// Typo-tolerant, alias-aware search over the catalogue.
import { CATALOG_BY_POPULARITY } from './catalog';
import { diceCoefficient, trigrams } from './fuzzy';
import { compact, normalizeText, tokenize } from './normalize';
import { candidateApps, INDEXED_APPS, similarWords, type IndexedApp } from './search-index';
import type { CatalogApp } from './types';

export { CATALOG, CATALOG_BY_POPULARITY, findCatalogApp } from './catalog';
export { matchMerchant } from './merchant';

/** Score bands: a better kind of match always outranks a worse one; bonuses stay inside a band. */
const TIER = {
  exactName: 1000,
  namePrefix: 900,
  nameWords: 800,
  nameWordPrefixes: 750,
  exactAlias: 700,
  aliasPrefix: 650,
  aliasWords: 600,
  vendor: 550,
  fuzzy: 500,
} as const;
const MIN_FUZZY_SIMILARITY = 0.6;
const MAX_QUERY_LENGTH = 100;
const PARTIAL_MATCH_FACTOR = 0.7;

interface Query {
  compact: string;
  tokens: readonly string[];
  /** Per query word: similar dictionary words and their similarity. */
  similar: readonly Map<string, number>[];
  grams: ReadonlySet<string>;
}

function wordSimilarity(entry: IndexedApp, similar: Map<string, number>): number {
  let best = 0;
  for (const word of entry.nameTokens) best = Math.max(best, similar.get(word) ?? 0);
  if (best === 1) return best;
  for (const word of entry.aliasTokens) best = Math.max(best, 0.9 * (similar.get(word) ?? 0));
  for (const word of entry.vendorTokens) best = Math.max(best, 0.8 * (similar.get(word) ?? 0));
  return best;
}

function fuzzySimilarity(entry: IndexedApp, q: Query): number {
  let sum = 0;
  let best = 0;
  for (const similar of q.similar) {
    const similarity = wordSimilarity(entry, similar);
    sum += similarity;
    best = Math.max(best, similarity);
  }
  const perWord = q.similar.length > 0 ? sum / q.similar.length : 0;
  // One strong word out of several still counts, at a discount ('aws s3' → AWS).
  return Math.max(perWord, PARTIAL_MATCH_FACTOR * best, diceCoefficient(q.grams, entry.nameGrams));
}

function tierOf(entry: IndexedApp, q: Query): number {
  const qc = q.compact;
  if (entry.nameCompact === qc || entry.slugCompact === qc) return TIER.exactName;
  if (entry.nameCompact.startsWith(qc)) return TIER.namePrefix;
  if (q.tokens.every((t) => entry.nameTokens.includes(t))) return TIER.nameWords;
  if (q.tokens.every((t) => entry.nameTokens.some((w) => w.startsWith(t)))) return TIER.nameWordPrefixes;
  if (entry.aliasCompacts.includes(qc)) return TIER.exactAlias;
  if (qc.length >= 2 && entry.aliasCompacts.some((a) => a.startsWith(qc))) return TIER.aliasPrefix;
  if (q.tokens.every((t) => entry.aliasTokens.includes(t) || entry.vendorTokens.includes(t)))
    return TIER.aliasWords;
  if (entry.vendorCompact === qc || entry.domainLabel === qc) return TIER.vendor;
  const similarity = fuzzySimilarity(entry, q);
  return similarity >= MIN_FUZZY_SIMILARITY ? TIER.fuzzy * similarity : 0;
}

/**
 * Catalogue apps matching what a user typed, best first. Prefix match > whole-word match > alias
 * match > typo-tolerant similarity; popularity breaks ties. An empty query lists the most popular apps.
 */
export function searchCatalog(query: string, limit = 10): CatalogApp[] {
  if (limit <= 0) return [];
  const normalized = normalizeText(query.slice(0, MAX_QUERY_LENGTH));
  if (normalized === '') return CATALOG_BY_POPULARITY.slice(0, limit);
  const tokens = tokenize(normalized);
  const q: Query = {
    compact: compact(normalized),
    tokens,
    similar: tokens.map(similarWords),
    grams: new Set(trigrams(compact(normalized))),
  };
  const scored: { app: CatalogApp; score: number }[] = [];
  for (const id of candidateApps(q.compact, q.similar, MIN_FUZZY_SIMILARITY)) {
    const entry = INDEXED_APPS[id];
    const tier = tierOf(entry, q);
    if (tier === 0) continue;
    const closeness = Math.min(1, q.compact.length / entry.nameCompact.length);
    scored.push({ app: entry.app, score: tier + 30 * entry.popularity + 15 * closeness });
  }
  scored.sort((a, b) => b.score - a.score || a.app.name.localeCompare(b.app.name));
  return scored.slice(0, limit).map((s) => s.app);
}
