/** A brand logo from simple-icons: a single SVG path on a 24×24 viewBox, and the brand colour. */
export interface CatalogIcon {
  path: string;
  /** Brand colour without '#', e.g. '0B5CFF'. */
  hex: string;
  title: string;
}
