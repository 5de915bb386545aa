// Catalogue logos. Only the icons the catalogue uses are bundled (icons.generated.ts); apps without
// one get a lettered avatar in the UI (initials.ts, kept apart so the web's first paint has no icon data).
import type { CatalogIcon } from './icon-types';
import { CATALOG_ICONS } from './icons.generated';

export type { CatalogIcon } from './icon-types';

/** The logo for a catalogue app's `iconSlug`, or null when there is none. Render in a 24×24 viewBox. */
export function catalogIconSvg(slug?: string): CatalogIcon | null {
  if (!slug || !Object.hasOwn(CATALOG_ICONS, slug)) return null;
  return CATALOG_ICONS[slug];
}
