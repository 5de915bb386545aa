// The global SaaS catalogue and lookups by slug.
import { CATALOG_DATA } from './apps';
import { POPULAR_SLUGS } from './popular';
import type { CatalogApp } from './types';

/** Every catalogue entry. */
export const CATALOG: readonly CatalogApp[] = CATALOG_DATA;

const BY_SLUG: ReadonlyMap<string, CatalogApp> = new Map(CATALOG.map((app) => [app.slug, app]));

export function findCatalogApp(slug: string): CatalogApp | undefined {
  return BY_SLUG.get(slug);
}

/** The most popular entries first (POPULAR_SLUGS), then the rest alphabetically. */
export const CATALOG_BY_POPULARITY: readonly CatalogApp[] = [
  ...POPULAR_SLUGS.map((slug) => BY_SLUG.get(slug)).filter((app): app is CatalogApp => app !== undefined),
  ...CATALOG.filter((app) => !POPULAR_SLUGS.includes(app.slug)).sort((a, b) => a.name.localeCompare(b.name)),
];

const POPULAR_RANK: ReadonlyMap<string, number> = new Map(POPULAR_SLUGS.map((slug, i) => [slug, i]));

/** 1 for the most popular app, falling towards 0; 0 for apps outside POPULAR_SLUGS. */
export function popularityOf(slug: string): number {
  const rank = POPULAR_RANK.get(slug);
  return rank === undefined ? 0 : 1 - rank / POPULAR_SLUGS.length;
}
