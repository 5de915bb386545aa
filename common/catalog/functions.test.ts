import { describe, expect, it } from 'vitest';
import { findCatalogApp } from './catalog';
import { CATALOG_FUNCTIONS, catalogFunctionsOf } from './functions';

describe('catalogue functions', () => {
  it('names only catalogue applications, each once per function, and at least two per function', () => {
    for (const [fn, slugs] of Object.entries(CATALOG_FUNCTIONS)) {
      expect(slugs.filter((slug) => !findCatalogApp(slug)), fn).toEqual([]);
      expect(new Set(slugs).size, fn).toBe(slugs.length);
      expect(slugs.length, fn).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every function of an application, and none for an unlisted one', () => {
    expect(catalogFunctionsOf('microsoft-teams')).toEqual(['Team chat', 'Video meetings']);
    expect(catalogFunctionsOf('zoom')).toEqual(['Video meetings']);
    expect(catalogFunctionsOf('stripe')).toEqual([]);
  });
});
