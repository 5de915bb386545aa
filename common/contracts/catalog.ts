// The SaaS catalogue as the API serves it: GET /api/catalog?q= (typo-tolerant search).
import { z } from 'zod';
import { type Wire } from './wire';

export const catalogQuery = z.object({
  /** Empty: the most popular applications. */
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type CatalogQuery = z.input<typeof catalogQuery>;

export const catalogPrice = z.object({
  plan: z.string(),
  /** Per seat, per account, or per metered unit (`usageUnit`). */
  unit: z.enum(['user', 'flat', 'usage']),
  period: z.enum(['month', 'year']),
  amountMinor: z.number(),
  currency: z.string(),
  usageUnit: z.string().nullable(),
  /** The page or dataset the price was read from. */
  source: z.string(),
  /** ISO date the source shows; null when it shows none (age unknown, treated as stale). */
  observedOn: z.string().nullable(),
  /** ISO date the source was read. */
  checkedOn: z.string(),
  /** Unconfirmed prices are shown, never used for savings or benchmarks. */
  confirmed: z.boolean(),
  /** Observed over 12 months ago, or on no known date: shown as stale, never used for savings. */
  stale: z.boolean(),
});

export const catalogIcon = z.object({
  /** One SVG path on a 24×24 viewBox. */
  path: z.string(),
  /** Brand colour without '#'. */
  hex: z.string(),
  title: z.string(),
});

export const catalogAppResponse = z.object({
  slug: z.string(),
  name: z.string(),
  vendor: z.string(),
  domain: z.string(),
  category: z.string(),
  description: z.string(),
  aliases: z.array(z.string()),
  prices: z.array(catalogPrice),
  icon: catalogIcon.nullable(),
  /** For the lettered avatar when there is no icon. */
  initials: z.string(),
  /** GET-able SVG of the icon, or null. */
  logoUrl: z.string().nullable(),
});
export type CatalogAppEntry = Wire<typeof catalogAppResponse>;

export const catalogSearchResponse = z.object({ items: z.array(catalogAppResponse) });
export type CatalogSearchResult = Wire<typeof catalogSearchResponse>;
