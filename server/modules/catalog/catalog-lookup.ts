// The server's one doorway to the SaaS catalogue (common/catalog): lookups, logos, list prices.
import { catalogIconSvg } from '../../../common/catalog/icons';
import { catalogInitials } from '../../../common/catalog/initials';
import { isStalePrice } from '../../../common/catalog/price-age';
import { CATALOG_BY_POPULARITY, findCatalogApp, searchCatalog } from '../../../common/catalog/search';
import type { CatalogApp } from '../../../common/catalog/types';

export type { CatalogApp } from '../../../common/catalog/types';
export { findCatalogApp };
export { catalogListPrice } from '../../../common/catalog/list-price';

/** URL of the catalogue app's SVG logo, or null (then the UI draws a lettered avatar). */
export function logoUrlFor(slug: string | null | undefined): string | null {
  if (!slug) return null;
  const app = findCatalogApp(slug);
  return app && catalogIconSvg(app.iconSlug) ? `/api/catalog/${encodeURIComponent(slug)}/logo.svg` : null;
}

/** An SVG document for the app's logo, in its brand colour; null when it has none. */
export function logoSvg(slug: string): string | null {
  const app = findCatalogApp(slug);
  const icon = app ? catalogIconSvg(app.iconSlug) : null;
  if (!icon) return null;
  const title = icon.title.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="img"><title>${title}</title><path fill="#${icon.hex}" d="${icon.path}"/></svg>`;
}

export function presentCatalogApp(app: CatalogApp) {
  return {
    slug: app.slug,
    name: app.name,
    vendor: app.vendor,
    domain: app.domain,
    category: app.category,
    description: app.description,
    aliases: app.aliases,
    prices: (app.prices ?? []).map((p) => ({ ...p, usageUnit: p.usageUnit ?? null, stale: isStalePrice(p) })),
    icon: catalogIconSvg(app.iconSlug),
    initials: catalogInitials(app.name),
    logoUrl: logoUrlFor(app.slug),
  };
}

/** Search results, or the most popular apps for an empty query. */
export function searchCatalogApps(q: string, limit: number): CatalogApp[] {
  if (q.trim() === '') return CATALOG_BY_POPULARITY.slice(0, limit);
  return searchCatalog(q, limit);
}

const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

// Exact names and aliases (normalized) → app, built once; names win over other apps' aliases.
let exactIndex: Map<string, CatalogApp> | null = null;
function exactNames(): Map<string, CatalogApp> {
  if (exactIndex) return exactIndex;
  exactIndex = new Map();
  for (const app of CATALOG_BY_POPULARITY) {
    const key = normalize(app.name);
    if (key && !exactIndex.has(key)) exactIndex.set(key, app);
  }
  for (const app of CATALOG_BY_POPULARITY) {
    for (const alias of app.aliases) {
      const key = normalize(alias);
      if (key && !exactIndex.has(key)) exactIndex.set(key, app);
    }
  }
  return exactIndex;
}

/** The catalogue app whose name or alias is this name (ignoring case and punctuation), if any. */
export function matchCatalogByName(name: string): CatalogApp | null {
  return exactNames().get(normalize(name)) ?? null;
}
