// The subscriptions feature's public face: other features import only from here (eslint enforces it).
export { useCatalogSearch } from './api/search-catalog';
export { AppLogo } from './components/app-logo';
export { RenewalBadge } from './components/renewal-badge';
