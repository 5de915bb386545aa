// The global SaaS catalogue: data, search and card-statement matching.
// Logos live in './icons' (import it where you render them) so this entry point stays light.
export { CATALOG, CATALOG_BY_POPULARITY, findCatalogApp } from './catalog';
export { isCommonWordName } from './match-guards';
export { matchMerchant, type MerchantMatch } from './merchant';
export { POPULAR_SLUGS } from './popular';
export { searchCatalog } from './search';
export { CATALOG_CATEGORIES, type CatalogApp, type CatalogCategory, type CatalogPrice } from './types';
