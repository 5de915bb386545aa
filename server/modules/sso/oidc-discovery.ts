import * as client from 'openid-client';
import { AppError } from '../../errors';
import type { Env } from '../../env';
import { guardedFetch } from '../../lib/safe-http';
import type { ServiceDeps } from '../../types';

// An issuer's discovery document, fetched through the SSRF guard (as SAML metadata is) and kept a
// while per server: a sign-in start, which anyone may send, must not make a request each time.
// Every later request of openid-client (token, JWKS, userinfo) goes through the same guard.

const CACHE_MS = 10 * 60_000;
/** A failure is remembered too, shorter, so a dead or refused issuer is not asked on every start. */
const FAILURE_CACHE_MS = 30_000;
const MAX_ISSUERS = 500;
const TIMEOUT_S = 10;
const MAX_BYTES = 1024 * 1024;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The one answer for every failure: what was listening (or not) at the address is not told. */
export const DISCOVERY_FAILED =
  "The identity provider's discovery document could not be read at that address.";
export const UNREACHABLE = 'The identity provider could not be reached.';

/** A transport failure of a request to the identity provider (the cause is logged, not shown). */
export class IdpUnreachableError extends Error {
  constructor(readonly reason: unknown) {
    super(UNREACHABLE);
    this.name = 'IdpUnreachableError';
  }
}

interface Entry {
  expires: number;
  metadata: Promise<client.ServerMetadata>;
}

// Per server (its env object), bounded; insertion order makes the first key the oldest.
const caches = new WeakMap<Env, Map<string, Entry>>();

/** openid-client's fetch: the SSRF guard, redirects never followed, transport errors made neutral. */
export function idpFetch(deps: Pick<ServiceDeps, 'env'>): client.CustomFetch {
  const guarded = guardedFetch({
    allowPrivate: deps.env.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: TIMEOUT_S * 1000,
    maxBytes: MAX_BYTES,
  });
  return (url, options) =>
    guarded(url, options).catch((error: unknown) => {
      throw new IdpUnreachableError(error);
    });
}

/** Plain http only for an identity provider on this machine (tests, local development). */
export const isLoopbackHttp = (issuer: URL) => issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);

async function fetchMetadata(deps: Pick<ServiceDeps, 'env' | 'log'>, issuer: string) {
  try {
    const url = new URL(issuer);
    // Only the server's metadata is kept; each use builds its configuration with the client's id and secret.
    const config = await client.discovery(url, 'metadata-only', undefined, undefined, {
      [client.customFetch]: idpFetch(deps),
      execute: isLoopbackHttp(url) ? [client.allowInsecureRequests] : [],
      timeout: TIMEOUT_S,
    });
    return config.serverMetadata();
  } catch (error) {
    deps.log.warn(
      { err: error instanceof IdpUnreachableError ? error.reason : error, issuer },
      'OIDC discovery failed',
    );
    throw new AppError('sso_failed', DISCOVERY_FAILED);
  }
}

/**
 * The issuer's metadata: from this server's cache, or fetched (`fresh`: always, as when an admin
 * saves the connection, and the answer then replaces the cached one).
 */
export function discoverIssuer(
  deps: Pick<ServiceDeps, 'env' | 'log' | 'clock'>,
  issuer: string,
  { fresh = false } = {},
): Promise<client.ServerMetadata> {
  let cache = caches.get(deps.env);
  if (!cache) caches.set(deps.env, (cache = new Map()));
  const now = deps.clock.now().getTime();
  const cached = cache.get(issuer);
  if (cached && !fresh && cached.expires > now) return cached.metadata;
  cache.delete(issuer);
  if (cache.size >= MAX_ISSUERS) cache.delete(cache.keys().next().value!);
  const entry: Entry = { expires: now + CACHE_MS, metadata: fetchMetadata(deps, issuer) };
  entry.metadata.catch(() => {
    entry.expires = Math.min(entry.expires, deps.clock.now().getTime() + FAILURE_CACHE_MS);
  });
  cache.set(issuer, entry);
  return entry.metadata;
}
