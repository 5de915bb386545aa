import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { todayInTimeZone } from '../../common/dates';
import type { RequestContext, ServiceDeps } from '../types';

// Answers each server keeps for as long as the version they were computed under holds. For
// organization data the version is the organization's subscription_versions counter — read by the
// guard with the session, bumped in the transaction of every write to what the answers show — with
// today's date and the organization's currency: a hit is never older than what the request could
// read, on one server or many. Least recently used entries go first once a budget is full.

export interface VersionedCache<T> {
  /** The value stored under `key` when it was computed under `version`; else computes and keeps it. */
  get(deps: ServiceDeps, key: string, version: string, compute: () => Promise<T>): Promise<T>;
}

export function versionedCache<T>(budget: {
  maxEntries: number;
  /** Total of `sizeOf` over the entries (e.g. characters of a serialized body). */
  maxSize?: number;
  sizeOf?: (value: T) => number;
}): VersionedCache<T> {
  const sizeOf = budget.sizeOf ?? (() => 0);
  const maxSize = budget.maxSize ?? Infinity;
  // One store per server (its deps), so several servers in one process do not share entries.
  const stores = new WeakMap<ServiceDeps, Store<T>>();

  return {
    async get(deps, key, version, compute) {
      let store = stores.get(deps);
      if (!store) stores.set(deps, (store = { entries: new Map(), size: 0, computing: new Map() }));
      const hit = store.entries.get(key);
      if (hit?.version === version) {
        // Re-inserted last, so the first entry is the least recently used one.
        store.entries.delete(key);
        store.entries.set(key, hit);
        return hit.value;
      }
      const running = store.computing.get(key);
      if (running?.version === version) return running.value;
      const value = await computeOnce(store, key, version, compute);
      const current = store.entries.get(key);
      if (current) remove(store, key, current);
      const entry = { version, value, size: sizeOf(value) };
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
interface Store<T> {
  entries: Map<string, Entry<T>>;
  size: number;
  /** Computations under way, by key: requests under the same version share them. */
  computing: Map<string, { version: string; value: Promise<T> }>;
}

async function computeOnce<T>(store: Store<T>, key: string, version: string, compute: () => Promise<T>) {
  const value = compute();
  const running = { version, value };
  store.computing.set(key, running);
  try {
    return await value;
  } finally {
    if (store.computing.get(key) === running) store.computing.delete(key);
  }
}

function remove<T>(store: Store<T>, key: string, entry: Entry<T>) {
  store.entries.delete(key);
  store.size -= entry.size;
}

/** A serialized answer as it is sent: its bytes and their entity tag, both made once. */
interface Answer {
  body: Buffer;
  etag: string;
}

function answerOf(serialized: string): Answer {
  const body = Buffer.from(serialized);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Serialized answers, up to 64 MB per server (a list page of 50 applications is about 60 KB). */
const answers = versionedCache<Answer>({
  maxEntries: 5_000,
  maxSize: 64 * 1024 * 1024,
  sizeOf: (answer) => answer.body.length,
});

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Answers a GET with an organization's data from the server's cache of serialized answers while the
 * organization's version holds (see above), else computes it. The body is what the route's own
 * response schema makes of the value (`reply.serialize`); `key` names what varies within the
 * organization (the route and its query). A hit is sent as the bytes kept, with the entity tag
 * worked out when they were made; a client that already holds them (If-None-Match) gets a 304.
 */
export async function sendOrganizationCached<T>(
  reply: FastifyReply,
  deps: ServiceDeps,
  ctx: RequestContext,
  key: string,
  compute: () => Promise<T>,
) {
  const serialized = async () => answerOf(String(reply.serialize(await compute())));
  const today = todayInTimeZone(deps.clock.now());
  const answer =
    ctx.subscriptionsVersion === undefined
      ? await serialized()
      : await answers.get(
          deps,
          `${ctx.orgId}|${key}`,
          `${ctx.subscriptionsVersion}|${today}|${ctx.org.currency}`,
          serialized,
        );
  // The answer depends on who asks: browsers may keep it but must ask again each time.
  reply.header('cache-control', 'private, no-cache').header('etag', answer.etag);
  if (matches(reply.request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  // The route's types expect the unserialized value; the bytes are what that value became, and
  // Fastify sends a Buffer with the content type it is given as it is.
  return reply.type('application/json; charset=utf-8').send(answer.body as never);
}

/** A query object as a cache key: its defined parameters in name order. */
export function queryKey(query: object): string {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(params);
}
