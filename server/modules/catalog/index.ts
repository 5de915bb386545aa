// The catalog module's public face: other modules import only from here (eslint enforces it).
export { catalogListPrice, findCatalogApp, logoUrlFor, matchCatalogByName } from './catalog-lookup';
export type { CatalogApp } from './catalog-lookup';
