// Matching a statement's merchant text to one of the organization's applications: its own rules
// first, then the catalogue's merchant aliases, then the applications' own names and vendors.
import { CATALOG } from '../../../../common/catalog/catalog';
import { matchMerchant } from '../../../../common/catalog/merchant';
import { guardedConfidence } from '../../../../common/catalog/match-guards';
import { merchantWords } from '../../../../common/catalog/merchant-normalize';
import type { MatchMethod, MatchStatus, RuleMatchType } from '../../../../common/contracts/expenses';
import { displayNameOf, merchantKeyOf, nameWords } from './merchant-key';

/** Below this an automatic match is only a suggestion for the review queue. */
export const MATCH_THRESHOLD = 0.7;

export interface MatchableApp {
  id: string;
  name: string;
  vendorId: string | null;
  vendorName: string | null;
  catalogSlug: string | null;
  status: string;
}

export interface MatchableRule {
  id: string;
  pattern: string;
  matchType: RuleMatchType;
  subscriptionId: string;
  categoryId: string | null;
}

export interface MatchContext {
  apps: MatchableApp[];
  rules: MatchableRule[];
  vendors: Array<{ id: string; name: string }>;
}

export interface MatchOutcome {
  merchantKey: string;
  merchantName: string;
  matchStatus: MatchStatus;
  matchMethod: MatchMethod | null;
  matchConfidence: number | null;
  subscriptionId: string | null;
  suggestedSubscriptionId: string | null;
  vendorId: string | null;
  /** From a rule that sets one. */
  categoryId: string | null;
  catalogSlug: string | null;
}

// Active applications win over paused, then cancelled (a cancelled one may still be charged).
const STATUS_RANK: Record<string, number> = { active: 0, trial: 0, paused: 1, cancelled: 2 };
const byStatus = (a: MatchableApp, b: MatchableApp) =>
  (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3);
const compact = (s: string) => nameWords(s).join('');
/** Vendor names without corporate forms: 'Dropbox, Inc.' and 'Dropbox' compare equal. */
const vendorKey = (s: string) => merchantKeyOf(s).replace(/ /g, '');

/** Position of `needle` as whole consecutive words in `words`, or -1. */
function indexOfWords(words: string[], needle: string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= words.length; i++) {
    for (let j = 0; j < needle.length; j++) if (words[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The list under `key`, created empty the first time. */
function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Digit-bearing words the catalogue keeps when cleaning ('365', '1PASSWORD'), as it computes them. */
const CATALOG_WORDS: ReadonlySet<string> = new Set(
  CATALOG.flatMap((app) => [app.name.toUpperCase(), ...app.aliases]).flatMap((s) => s.split(/[^A-Z0-9]+/)),
);
const isCatalogWord = (word: string) => CATALOG_WORDS.has(word);

/** A matcher bound to one organization's applications, rules and vendors; caches per merchant text. */
export function createMatcher(context: MatchContext): (merchant: string) => MatchOutcome {
  const apps = context.apps.slice().sort(byStatus);
  const appById = new Map(apps.map((a) => [a.id, a]));
  const exactRules = new Map<string, MatchableRule>();
  for (const rule of context.rules)
    if (rule.matchType === 'exact') exactRules.set(rule.pattern.toUpperCase(), rule);
  const containsRules = context.rules
    .filter((r) => r.matchType === 'contains')
    .map((r) => ({ ...r, pattern: r.pattern.toUpperCase() }))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  const vendorByName = new Map(context.vendors.map((v) => [vendorKey(v.name), v.id]));
  // Lookups built once, so one merchant costs the same with 30 applications or 3,000. Lists keep
  // the status order, so the first candidate is still the one an in-order scan would find.
  const firstBy = <K>(key: (app: MatchableApp) => K | null) => {
    const map = new Map<K, MatchableApp>();
    for (const app of apps) {
      const k = key(app);
      if (k !== null && !map.has(k)) map.set(k, app);
    }
    return map;
  };
  const bySlug = firstBy((a) => a.catalogSlug);
  const byCompactName = firstBy((a) => compact(a.name));
  const byVendorKey = new Map<string, MatchableApp[]>();
  const siblings = new Map<string, number>();
  const vendorFirstWords = new Map<string, Array<{ app: MatchableApp; words: string[] }>>();
  for (const app of apps) {
    if (!app.vendorName) continue;
    const key = vendorKey(app.vendorName);
    listIn(byVendorKey, key).push(app);
    siblings.set(app.vendorName, (siblings.get(app.vendorName) ?? 0) + 1);
    const words = merchantKeyOf(app.vendorName).split(' '); // 'Acme Data Inc' → ACME DATA
    if (words.join('').length < 3) continue;
    listIn(vendorFirstWords, words[0]).push({ app, words });
  }
  const appNames = new Map<string, Array<{ order: number; app: MatchableApp; words: string[] }>>();
  apps.forEach((app, order) => {
    const words = nameWords(app.name);
    if (words.join('').length < 3) return;
    listIn(appNames, words[0]).push({ order, app, words });
  });
  const cache = new Map<string, MatchOutcome>();
  const catalogCache = new Map<string, ReturnType<typeof matchMerchant>>();
  // The catalogue reads only a string's cleaned words; statements repeat a merchant with changing
  // order ids and dates, so its answer is cached per those words (cleaned the way it cleans them).
  const catalogMatch = (merchant: string) => {
    const key = merchantWords(merchant.slice(0, 200), isCatalogWord).join(' ');
    let found = catalogCache.get(key);
    if (found === undefined) {
      found = matchMerchant(merchant);
      catalogCache.set(key, found);
    }
    return found;
  };

  function match(merchant: string): MatchOutcome {
    const catalog = catalogMatch(merchant);
    const strongCatalog = catalog && catalog.confidence >= MATCH_THRESHOLD ? catalog : null;
    const ownKey = merchantKeyOf(merchant);
    const merchantKey = strongCatalog ? strongCatalog.app.name.toUpperCase() : ownKey;
    const base = {
      merchantKey,
      merchantName: catalog ? catalog.app.name : displayNameOf(ownKey),
      catalogSlug: catalog?.app.slug ?? null,
      categoryId: null,
      suggestedSubscriptionId: null,
    };
    const matched = (
      app: MatchableApp,
      method: MatchMethod,
      confidence: number,
      categoryId: string | null = null,
    ) =>
      confidence >= MATCH_THRESHOLD
        ? {
            ...base,
            matchStatus: 'matched' as const,
            matchMethod: method,
            matchConfidence: confidence,
            subscriptionId: app.id,
            vendorId: app.vendorId,
            categoryId,
          }
        : {
            ...base,
            matchStatus: 'unmatched' as const,
            matchMethod: null,
            matchConfidence: confidence,
            subscriptionId: null,
            suggestedSubscriptionId: app.id,
            vendorId: app.vendorId,
          };

    // 1. The organization's rules.
    const upper = merchant.toUpperCase();
    const rule =
      exactRules.get(merchantKey) ??
      containsRules.find((r) => upper.includes(r.pattern) || merchantKey.includes(r.pattern));
    const ruleApp = rule ? appById.get(rule.subscriptionId) : undefined;
    if (rule && ruleApp) return matched(ruleApp, 'rule', 1, rule.categoryId);

    // 2. The catalogue: an application created from that entry, named like it, or from its vendor.
    let best: { app: MatchableApp; method: MatchMethod; confidence: number } | null = null;
    const consider = (app: MatchableApp, method: MatchMethod, confidence: number) => {
      if (!best || confidence > best.confidence)
        best = { app, method, confidence: Math.round(confidence * 100) / 100 };
    };
    if (catalog) {
      const { app: entry, confidence } = catalog;
      const own = bySlug.get(entry.slug) ?? byCompactName.get(compact(entry.name));
      const sameVendor = byVendorKey.get(vendorKey(entry.vendor)) ?? [];
      if (own) consider(own, 'catalog', confidence);
      // The vendor's name ('ATLASSIAN') with one application from that vendor is a match; several
      // (Jira and Confluence), or a line naming another of its products ('GOOGLE CLOUD' for an
      // organization with Google Workspace), only a suggestion.
      else if (sameVendor.length > 0)
        consider(
          sameVendor[0],
          'catalog',
          sameVendor.length === 1 && catalog.found === vendorKey(entry.vendor) ? confidence * 0.9 : 0.5,
        );
    }

    // 3. The applications' own names, then vendor names, as whole words of the merchant text.
    const words = ownKey.split(' ');
    const total = words.join('').length;
    // Each application at the first place its name stands, considered in the applications' order.
    const named = new Map<MatchableApp, { order: number; at: number; words: string[] }>();
    words.forEach((word, at) => {
      for (const entry of appNames.get(word) ?? []) {
        if (named.has(entry.app) || indexOfWords(words.slice(at, at + entry.words.length), entry.words) !== 0)
          continue;
        named.set(entry.app, { order: entry.order, at, words: entry.words });
      }
    });
    for (const [app, { at, words: name }] of [...named].sort((a, b) => a[1].order - b[1].order)) {
      const coverage = name.join('').length / Math.max(1, total);
      // The catalogue's guards: another kind of business, a common or short word alone.
      const confidence = guardedConfidence(
        words,
        at,
        name.length,
        Math.min(1, (at === 0 ? 0.75 : 0.6) + 0.25 * coverage),
      );
      if (confidence !== null) consider(app, 'application', confidence);
    }
    if (!best) {
      const vendor = (vendorFirstWords.get(words[0]) ?? []).find((v) => indexOfWords(words, v.words) === 0);
      // A catalogue application is named by the catalogue's aliases: its vendor's name alone is
      // another of the vendor's products or services ('SPOTIFY' is not Soundtrap), so only a suggestion.
      const onlyProduct = vendor && siblings.get(vendor.app.vendorName!) === 1 && !vendor.app.catalogSlug;
      const confidence = vendor
        ? guardedConfidence(words, 0, vendor.words.length, onlyProduct ? 0.8 : 0.5)
        : null;
      if (vendor && confidence !== null) consider(vendor.app, 'application', confidence);
    }
    const found = best as { app: MatchableApp; method: MatchMethod; confidence: number } | null;
    if (found) return matched(found.app, found.method, found.confidence);

    const vendorId = catalog ? (vendorByName.get(vendorKey(catalog.app.vendor)) ?? null) : null;
    return {
      ...base,
      matchStatus: 'unmatched',
      matchMethod: null,
      matchConfidence: null,
      subscriptionId: null,
      vendorId,
    };
  }

  // Statement lines often differ only in numbers (dates, order ids: 'CARD PAYMENT TO GITHUB ON 30/01').
  // Numbers never decide a match unless a rule names one, so lines are cached with digits masked.
  const maskDigits = !context.rules.some((r) => r.matchType === 'contains' && /\d/.test(r.pattern));
  return (merchant: string) => {
    const key = maskDigits ? merchant.replace(/\d+/g, '0') : merchant;
    let outcome = cache.get(key);
    if (!outcome) {
      outcome = match(merchant);
      cache.set(key, outcome);
    }
    return outcome;
  };
}
