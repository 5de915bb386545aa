import { describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../types';
import { versionedCache } from './versioned-cache';

// Right after a write every concurrent request for a page misses: they share one computation.
describe('versionedCache', () => {
  const deps = {} as ServiceDeps;

  it('computes once for concurrent misses under one version, again under the next', async () => {
    const cache = versionedCache<number>({ maxEntries: 10 });
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    const first = await Promise.all([1, 2, 3].map(() => cache.get(deps, 'page', 'v1', compute)));
    expect(first).toEqual([1, 1, 1]);
    expect(await cache.get(deps, 'page', 'v1', compute)).toBe(1);
    const next = await Promise.all([1, 2].map(() => cache.get(deps, 'page', 'v2', compute)));
    expect(next).toEqual([2, 2]);
    expect(runs).toBe(2);
  });

  it('does not keep a failed computation: the next request computes again', async () => {
    const cache = versionedCache<number>({ maxEntries: 10 });
    const failing = async () => {
      throw new Error('database down');
    };
    const both = await Promise.allSettled([
      cache.get(deps, 'page', 'v1', failing),
      cache.get(deps, 'page', 'v1', failing),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.get(deps, 'page', 'v1', async () => 7)).toBe(7);
  });
});
