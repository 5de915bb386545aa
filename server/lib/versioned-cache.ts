import type { FastifyReply } from 'fastify';
import type { ServiceDeps } from '../types';

// Answers each server keeps for as long as the version they were computed under holds. The version
// names everything the answer depends on — for organization data the organization's
// subscription_versions counter, which the guard reads with the session and every write to what the
// answer shows bumps in its own transaction — so a hit is never older than what the request could
// read, on one server or many. Least recently used entries go first once a budget is full.

export interface VersionedCache<T> {
  /** The value stored under `key` when it was computed under `version`; else computes and keeps it. */
  get(deps: ServiceDeps, key: string, version: string, compute: () => Promise<T>): Promise<T>;
}

export function versionedCache<T>(budget: {
  maxEntries: number;
  /** Total of `sizeOf` over the entries (e.g. bytes of a serialized body). */
  maxSize?: number;
  sizeOf?: (value: T) => number;
}): VersionedCache<T> {
  const sizeOf = budget.sizeOf ?? (() => 0);
  const maxSize = budget.maxSize ?? Infinity;
  // One store per server (its deps), so several servers in one process do not share entries.
  const stores = new WeakMap<ServiceDeps, { entries: Map<string, Entry<T>>; size: number }>();

  return {
    async get(deps, key, version, compute) {
      let store = stores.get(deps);
      if (!store) stores.set(deps, (store = { entries: new Map(), size: 0 }));
      const hit = store.entries.get(key);
      if (hit?.version === version) {
        // Re-inserted last, so the first entry is the least recently used one.
        store.entries.delete(key);
        store.entries.set(key, hit);
        return hit.value;
      }
      const value = await compute();
      const entry = { version, value, size: sizeOf(value) };
      if (hit) remove(store, key, hit);
      if (entry.size > maxSize) return value;
      store.entries.set(key, entry);
      store.size += entry.size;
      for (const [oldest, old] of store.entries) {
        if (store.entries.size <= budget.maxEntries && store.size <= maxSize) break;
        remove(store, oldest, old);
      }
      return value;
    },
  };
}

interface Entry<T> {
  version: string;
  value: T;
  size: number;
}

function remove<T>(store: { entries: Map<string, Entry<T>>; size: number }, key: string, entry: Entry<T>) {
  store.entries.delete(key);
  store.size -= entry.size;
}

/**
 * Sends a JSON body the route's own response serializer produced earlier (`reply.serialize`, so it is
 * shaped by the route's schema): Fastify sends a string with a JSON content type as it is.
 */
export function sendSerialized(reply: FastifyReply, body: string) {
  // The route's types expect the unserialized object; the string is what that object became.
  return reply.type('application/json; charset=utf-8').send(body as never);
}
