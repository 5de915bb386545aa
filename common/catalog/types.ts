// Shapes of the global SaaS catalogue (DESIGN §3 "CatalogApp"): one entry per well-known application.

export const CATALOG_CATEGORIES = [
  'Collaboration',
  'Communication',
  'Project Management',
  'Engineering',
  'DevOps & Cloud',
  'Design',
  'Marketing',
  'Sales & CRM',
  'Customer Support',
  'Finance & Accounting',
  'HR & People',
  'Security & IT',
  'Analytics & BI',
  'Productivity',
  'Data & AI',
  'Legal & Compliance',
  'E-commerce',
  'Video & Media',
  'Other',
] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];

/** Currencies the catalogue's list prices are published in. */
export type CatalogCurrency = 'USD' | 'EUR' | 'GBP';

/**
 * A public list price as a data file writes it. Annual billing is `period: 'year'` with the full
 * year's amount in minor units. `usage` prices are per metered unit (`usageUnit`, e.g. "1,000
 * contacts"): shown, never compared with a per-seat or flat price.
 */
export interface CatalogPriceInput {
  plan: string;
  unit: 'user' | 'flat' | 'usage';
  period: 'month' | 'year';
  amountMinor: number;
  currency: CatalogCurrency;
  usageUnit?: string;
  /** False marks one price the source could not confirm (the app's `pricing.confirmed` is the default). */
  confirmed?: boolean;
}

/** A list price as the catalogue serves it: stamped with its application's source, dates and confirmation. */
export interface CatalogPrice extends CatalogPriceInput {
  /** URL of the page or dataset the price was read from. */
  source: string;
  /** ISO date the source itself shows (its "updated"/published date); null when it shows none. */
  observedOn: string | null;
  /** ISO date someone last read the source. */
  checkedOn: string;
  /** Unconfirmed prices are shown as such and never used for savings claims or benchmarks. */
  confirmed: boolean;
}

/**
 * Where an application's prices come from. A price is only as fresh as the date its source shows
 * (`observedOn`); `checkedOn` is merely when someone read it. Stale rules: ./price-age.ts.
 */
export interface CatalogPricing {
  /** URL of the page or dataset actually read (a vendor pricing page, a dated snapshot, an article). */
  source: string;
  /** ISO date (YYYY-MM-DD) the source shows; null when it shows none (then the price's age is unknown). */
  observedOn: string | null;
  /** ISO date (YYYY-MM-DD) the source was read. */
  checkedOn: string;
  /** True only when the source was read and its prices are within 5 % of ours; requires `observedOn`. */
  confirmed: boolean;
}

export interface CatalogApp {
  /** Unique kebab-case id, e.g. 'slack'. */
  slug: string;
  name: string;
  /** The company that bills for it. */
  vendor: string;
  domain: string;
  category: CatalogCategory;
  /** One honest line, at most 120 characters. */
  description: string;
  /** Merchant strings as they appear on card statements (UPPERCASE), plus abbreviations people type. */
  aliases: string[];
  prices?: CatalogPrice[];
  /** Where the prices come from; required when `prices` is set. */
  pricing?: CatalogPricing;
  /** simple-icons slug, when that package has the brand. */
  iconSlug?: string;
}

/** A catalogue entry as written in a data file: its category comes from the file. */
export type CatalogAppInput = Omit<CatalogApp, 'category' | 'prices'> & { prices?: CatalogPriceInput[] };
