import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOG } from '../../../../common/catalog/catalog';
import { matchMerchant } from '../../../../common/catalog/merchant';
import { createMatcher, MATCH_THRESHOLD, type MatchableApp } from './matcher';
import { realDescriptorRows } from './real-descriptors';

// Real-looking card and bank statement descriptors (US, UK, German, French and Dutch wording,
// processor prefixes, glued numbers, foreign amounts, unknown cities) and non-SaaS distractors that
// share a word with a SaaS name, with the expected catalogue app (empty: no match). Kept as data.
const FIXTURE = fileURLToPath(
  new URL('../../../../common/catalog/fixtures/merchant-descriptors.tsv', import.meta.url),
);
export const descriptorRows: DescriptorRow[] = readFileSync(FIXTURE, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [descriptor, expected, note] = line.split('\t');
    return { descriptor: descriptor!, expected: expected || null, note: note ?? '' };
  });

export interface DescriptorRow {
  descriptor: string;
  expected: string | null;
  note: string;
}

/** Precision and recall of a matcher (slug or null per descriptor) over a set of rows (the fixture by default). */
export function score(
  matchSlug: (descriptor: string) => string | null,
  rows: readonly DescriptorRow[] = descriptorRows,
) {
  let answered = 0;
  let correct = 0;
  const misses: string[] = [];
  for (const row of rows) {
    const got = matchSlug(row.descriptor);
    if (got) answered += 1;
    if (got && got === row.expected) correct += 1;
    if (got !== row.expected)
      misses.push(`${row.descriptor} → ${got ?? 'none'} (expected ${row.expected ?? 'none'})`);
  }
  const expected = rows.filter((r) => r.expected).length;
  return { precision: answered ? correct / answered : 1, recall: correct / expected, misses };
}

/** The catalogue's answer at the product's threshold. */
export const catalogueSlug = (d: string) => {
  const m = matchMerchant(d);
  return m && m.confidence >= MATCH_THRESHOLD ? m.app.slug : null;
};

/** Catalogue entries as an organization's applications (the id is the slug), named as the catalogue names them. */
export function appsFromCatalog(slugs: Iterable<string>): MatchableApp[] {
  return [...new Set(slugs)].map((slug) => {
    const app = CATALOG.find((a) => a.slug === slug);
    if (!app) throw new Error(`A descriptor set expects ${slug}, which the catalogue does not have`);
    return {
      id: slug,
      name: app.name,
      vendorId: null,
      vendorName: app.vendor,
      catalogSlug: slug,
      status: 'active',
    };
  });
}

/** The applications a set of rows expects. */
export const expectedSlugs = (rows: readonly DescriptorRow[]) =>
  rows.flatMap((r) => (r.expected ? [r.expected] : []));


/**
 * Applications an organization may well have that a careless matcher confuses with a processor's
 * wrapper or a vendor's consumer product: Lemon Squeezy, Paddle, FastSpring and Stripe sell other
 * companies' software ('LEMSQZY* SCREENSTUDIO'), Bill.com is not 'APPLE.COM/BILL', Soundtrap is not
 * Spotify's music subscription.
 */
const LOOKALIKE_APPS = ['soundtrap', 'lemon-squeezy', 'paddle', 'fastspring', 'stripe', 'square', 'bill'];

/** The development organization: every application the fixture expects, plus the lookalikes. */
export const fixtureApps = appsFromCatalog([...expectedSlugs(descriptorRows), ...LOOKALIKE_APPS]);

/** The held-out organization: every application the real descriptors expect, plus the lookalikes. */
export const realDescriptorApps = appsFromCatalog([...expectedSlugs(realDescriptorRows), ...LOOKALIKE_APPS]);

/** That organization's matcher, answering the application matched (its id is the slug) or null. */
export function organizationSlug(apps: MatchableApp[] = fixtureApps): (d: string) => string | null {
  const match = createMatcher({ apps, rules: [], vendors: [] });
  return (d) => {
    const outcome = match(d);
    return outcome.matchStatus === 'matched' ? outcome.subscriptionId : null;
  };
}
