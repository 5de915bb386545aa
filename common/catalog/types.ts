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

/** A public list price. Annual billing is `period: 'year'` with the full year's amount in minor units. */
export interface CatalogPrice {
  plan: string;
  unit: 'user' | 'flat';
  period: 'month' | 'year';
  amountMinor: number;
  currency: 'USD';
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
  /** simple-icons slug, when that package has the brand. */
  iconSlug?: string;
}

/** A catalogue entry as written in a data file: its category comes from the file. */
export type CatalogAppInput = Omit<CatalogApp, 'category'>;
