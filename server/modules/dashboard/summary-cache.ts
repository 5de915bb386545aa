import type { ServiceDeps } from '../../types';

// Dashboard summaries per organization, kept by each server for as long as the key they were computed
// under holds: the organization's subscription_versions counter (read by the guard with the session,
// bumped in the transaction of every write to its applications), today's date and its currency. A hit
// costs no query; any write shows at once on every server, since each reads the version afresh.

const MAX_ORGANIZATIONS = 1_000;

interface Entry {
  key: string;
  value: unknown;
}

/** One cache per server (its deps), so several servers in one process do not share entries. */
const caches = new WeakMap<ServiceDeps, Map<string, Entry>>();

export async function cachedSummary<T>(
  deps: ServiceDeps,
  orgId: string,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new Map()));
  const hit = cache.get(orgId);
  if (hit?.key === key) return hit.value as T;
  const value = await compute();
  // Re-inserted last, so the first entry is the least recently computed one.
  cache.delete(orgId);
  cache.set(orgId, { key, value });
  if (cache.size > MAX_ORGANIZATIONS) cache.delete(cache.keys().next().value!);
  return value;
}
