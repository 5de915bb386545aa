// The catalogue product an application is: its catalogue link, else, for an application typed by
// hand ("Zoom", or "Zoom Video" from "Zoom Video Communications"), the catalogue entry its name and
// vendor name point to, so a second purchase entered by hand is found as a duplicate or an overlap
// like a linked one (issue 32).
import { findCatalogApp, matchMerchant } from '../../../../common/catalog';
import { catalogFunctionsOf } from '../../../../common/catalog/functions';
import { merchantWords } from '../../../../common/catalog/merchant-normalize';
import type { InsightSnapshot, SnapshotApplication, SnapshotCatalogApp } from '../snapshot';

/** A name alone must be a whole catalogue name or alias (the matcher's own strong band). */
const NAME_ALONE = 0.8;

/** The catalogue facts the detectors read, for one slug. */
export function snapshotCatalogApp(slug: string): SnapshotCatalogApp | null {
  const app = findCatalogApp(slug);
  if (!app) return null;
  return {
    slug: app.slug,
    name: app.name,
    vendor: app.vendor,
    category: app.category,
    functions: catalogFunctionsOf(slug),
    prices: app.prices ?? [],
  };
}

const firstWord = (text: string) => merchantWords(text, () => false)[0] ?? '';

/**
 * The catalogue slug an application's name and vendor name agree on, or null. A vendor name given
 * must be that product's vendor (its leading word) or name it too: "Monday" from "Acme Ltd" is an
 * in-house tool, not monday.com. Without a vendor, the name must be a whole catalogue name or alias.
 */
export function catalogSlugByName(name: string, vendorName: string | null): string | null {
  const byName = matchMerchant(name);
  if (!byName) return null;
  const vendor = vendorName?.trim() ?? '';
  if (vendor === '' || vendor.toLowerCase() === name.trim().toLowerCase())
    return byName.confidence >= NAME_ALONE ? byName.app.slug : null;
  const vendorAgrees =
    firstWord(vendor) === firstWord(byName.app.vendor) || matchMerchant(vendor)?.app.slug === byName.app.slug;
  return vendorAgrees ? byName.app.slug : null;
}

const links = new WeakMap<SnapshotApplication, SnapshotCatalogApp | null>();

/** The application's catalogue product (linked, else found by name and vendor), or null. */
export function catalogProductOf(
  app: SnapshotApplication,
  snapshot: InsightSnapshot,
): SnapshotCatalogApp | null {
  if (links.has(app)) return links.get(app) ?? null;
  const slug = app.catalogSlug ?? catalogSlugByName(app.name, app.vendorName);
  const product = slug ? (snapshot.catalog[slug] ?? snapshotCatalogApp(slug)) : null;
  links.set(app, product);
  return product;
}
