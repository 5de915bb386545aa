// A store for @fastify/rate-limit that keeps its counters in the database (see counter.ts), so a
// route's limit per IP holds across every server instead of per process.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import { hitRateLimit } from './counter';

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * One bucket per route (method + path), like the plugin's per-route in-memory stores. The plugin
 * passes its merged route settings, with the route under `routeInfo` (its typings say otherwise).
 */
function bucketOf(options: ChildOptions): string {
  const settings = options as unknown as RouteInfo & { routeInfo?: RouteInfo; groupId?: unknown };
  if (typeof settings.groupId === 'string') return `group:${settings.groupId}`;
  const { method, url } = settings.routeInfo ?? settings;
  if (!url) return 'global';
  return `${[method ?? ''].flat().join(',')} ${url}`;
}

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options; the bucket is set by child() per route.
    constructor(
      _options: unknown,
      private readonly bucket = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hitRateLimit(db, { bucket: this.bucket, key, windowMs: timeWindow }).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions, bucketOf(routeOptions));
    }
  }
  return DatabaseRateLimitStore;
}
