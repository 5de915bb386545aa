import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../common/catalog/catalog';
import { catalogueSlug, descriptorRows, fixtureApps, organizationSlug, score } from './descriptor-fixtures';

describe('matching real statement descriptors', () => {
  it('has at least 300 descriptors, 80 or more of them distractors, every expected app in the catalogue', () => {
    expect(descriptorRows.length).toBeGreaterThanOrEqual(300);
    expect(descriptorRows.filter((r) => !r.expected).length).toBeGreaterThanOrEqual(80);
    expect(fixtureApps.every((a) => CATALOG.some((c) => c.slug === a.catalogSlug))).toBe(true);
  });

  it.each([
    ['the catalogue matcher', catalogueSlug],
    ["an organization's matcher", organizationSlug()],
  ])('%s reaches 97 %% precision and 95 %% recall at the product threshold', (_name, matcher) => {
    const { precision, recall, misses } = score(matcher);
    if (precision < 0.97 || recall < 0.95) console.log(misses.join('\n'));
    expect(precision).toBeGreaterThanOrEqual(0.97);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
