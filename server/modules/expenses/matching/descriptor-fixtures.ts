import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOG } from '../../../../common/catalog/catalog';
import { matchMerchant } from '../../../../common/catalog/merchant';
import { createMatcher, MATCH_THRESHOLD } from './matcher';

// Real-looking card and bank statement descriptors (US, UK, German, French and Dutch wording,
// processor prefixes, glued numbers, foreign amounts, unknown cities) and non-SaaS distractors that
// share a word with a SaaS name, with the expected catalogue app (empty: no match). Kept as data.
const FIXTURE = fileURLToPath(
  new URL('../../../../common/catalog/fixtures/merchant-descriptors.tsv', import.meta.url),
);
export const descriptorRows = readFileSync(FIXTURE, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [descriptor, expected, note] = line.split('\t');
    return { descriptor: descriptor!, expected: expected || null, note: note ?? '' };
  });

/** Precision and recall of a matcher (slug or null per descriptor) over the fixture. */
export function score(matchSlug: (descriptor: string) => string | null) {
  let answered = 0;
  let correct = 0;
  const misses: string[] = [];
  for (const row of descriptorRows) {
    const got = matchSlug(row.descriptor);
    if (got) answered += 1;
    if (got && got === row.expected) correct += 1;
    if (got !== row.expected)
      misses.push(`${row.descriptor} → ${got ?? 'none'} (expected ${row.expected ?? 'none'})`);
  }
  const expected = descriptorRows.filter((r) => r.expected).length;
  return { precision: answered ? correct / answered : 1, recall: correct / expected, misses };
}

/** The catalogue's answer at the product's threshold. */
export const catalogueSlug = (d: string) => {
  const m = matchMerchant(d);
  return m && m.confidence >= MATCH_THRESHOLD ? m.app.slug : null;
};

/** The expected applications, named as the catalogue names them: an organization that has them all. */
export const fixtureApps = [...new Set(descriptorRows.flatMap((r) => (r.expected ? [r.expected] : [])))].map(
  (slug) => {
    const app = CATALOG.find((a) => a.slug === slug);
    if (!app) throw new Error(`The fixture expects ${slug}, which the catalogue does not have`);
    return {
      id: slug,
      name: app.name,
      vendorId: null,
      vendorName: app.vendor,
      catalogSlug: slug,
      status: 'active',
    };
  },
);

/** That organization's matcher, answering the application matched (its id is the slug) or null. */
export function organizationSlug(): (d: string) => string | null {
  const match = createMatcher({ apps: fixtureApps, rules: [], vendors: [] });
  return (d) => {
    const outcome = match(d);
    return outcome.matchStatus === 'matched' ? outcome.subscriptionId : null;
  };
}
