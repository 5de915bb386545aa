// Talking to a provider: OAuth 2.0 token requests (RFC 6749 §4.1.3, §6; PKCE RFC 7636) and API GETs
// with the access token, refreshed before it expires and once on a 401, and 429/503 answered by
// waiting what Retry-After says (bounded). Tokens never reach a log or an error message.
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env';
import { guardedFetch } from '../../lib/safe-http';
import { storableDeep } from '../../lib/storable-text';

/** The provider refused the refresh token (revoked, expired): someone must connect again. */
export class NeedsReconnectError extends Error {
  constructor(message = 'The provider refused the stored authorization; connect again.') {
    super(message);
    this.name = 'NeedsReconnectError';
  }
}

/** The provider kept answering 429/503 past the waits allowed: the run stops and retries later. */
export class ProviderBusyError extends Error {
  constructor(status: number) {
    super(`The provider is rate limiting or unavailable (HTTP ${status}); the sync will retry.`);
    this.name = 'ProviderBusyError';
  }
}

/** Any other provider answer that is not a success: its status and its error message (no body echo). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    /** The provider's error (Slack's `error` code), for a connector that expects one. */
    readonly reason: string,
  ) {
    super(`The provider answered ${status}: ${reason.slice(0, 200)}`);
    this.name = 'ProviderError';
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[] | null;
}

/** PKCE (RFC 7636 §4.1–4.2): a random verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** What a token endpoint answering `invalid_dpop_proof` means here (RFC 9449 §5, §7.1). */
export const DPOP_UNSUPPORTED =
  'the app requires DPoP-bound tokens, which are not supported: turn off "Require Demonstrating Proof of Possession (DPoP)" in its settings';

type PostFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<Response>;

/** A POST to the token endpoint (form-encoded); an `invalid_grant` is a NeedsReconnectError. */
export async function tokenRequest(
  url: string,
  params: Record<string, string>,
  now: Date,
  clientAuth: 'basic' | 'body' = 'body',
  /** The fetch to use (a site the admin typed goes through the SSRF guard). */
  send: PostFetch = (target, init) => fetch(target, init),
): Promise<TokenSet> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  let form = params;
  if (clientAuth === 'basic') {
    // RFC 6749 §2.3.1: the client's id and secret as HTTP Basic credentials, not in the form.
    const { client_id: id = '', client_secret: secret = '', ...rest } = params;
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    form = rest;
  }
  const response = await send(url, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form).toString(),
  });
  const answer = storableDeep((await response.json().catch(() => ({}))) as Record<string, unknown>);
  // Slack's oauth.v2.access puts a user token (user scopes) under `authed_user`.
  const authedUser = answer.authed_user as Record<string, unknown> | undefined;
  const body = typeof authedUser?.access_token === 'string' ? { ...answer, ...authedUser } : answer;
  if (!response.ok || typeof body.access_token !== 'string') {
    const error = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
    if (error === 'invalid_dpop_proof') throw new ProviderError(response.status, DPOP_UNSUPPORTED);
    if (REFUSED_GRANTS.has(error) || response.status === 401) throw new NeedsReconnectError();
    throw new ProviderError(response.status, `token endpoint: ${error}`);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) ? new Date(now.getTime() + expiresIn * 1000) : null,
    // Space-separated (RFC 6749 §3.3); Slack separates with commas.
    scopes: typeof body.scope === 'string' ? body.scope.split(/[ ,]+/).filter(Boolean) : null,
  };
}

/**
 * What an answer's body says went wrong, for providers that answer errors with HTTP 200 (Slack):
 * `reconnect` (authorization withdrawn), `expired` (refresh once, then reconnect), `busy` (rate
 * limited: wait and retry), `error` (anything else); null when the answer is a success.
 */
export type AnswerCheck = (
  body: unknown,
) => { kind: 'reconnect' | 'expired' | 'busy' | 'error'; message: string } | null;

/** Token endpoint errors that mean the stored grant is gone (RFC 6749 §5.2; Slack's own names). */
const REFUSED_GRANTS = new Set([
  'invalid_grant',
  'invalid_refresh_token',
  'invalid_auth',
  'token_revoked',
  'account_inactive',
]);

export interface ApiClientOptions {
  baseUrl: string;
  /** The access token to send, refreshed first when it expires within a minute. */
  accessToken(): Promise<string>;
  /** Refreshes after a 401; throws NeedsReconnectError when the provider refuses. */
  refresh(): Promise<string>;
  /** Waits after 429/503 (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** Tries at most (default 6). */
  maxAttempts?: number;
  /** Longest single wait (default 60 s). */
  maxWaitMs?: number;
  /** The Authorization header for a token (default `Bearer <token>`; Okta API tokens: `SSWS <token>`). */
  authorization?: (token: string) => string;
  /** The fetch to use (a site the admin typed goes through the SSRF guard). */
  fetch?: (url: string, init: { headers: Record<string, string> }) => Promise<Response>;
  /** Errors inside successful HTTP answers (Slack). */
  answerError?: AnswerCheck;
}

/** Largest API answer read from a site the admin typed (an Okta page of 200 users is far below). */
const SITE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Fetch for a site the admin typed (Okta's domain): through the SSRF guard (no private, loopback or
 * metadata addresses unless WEBHOOK_ALLOW_PRIVATE), redirects not followed.
 */
export function siteFetch(env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>) {
  const guarded = guardedFetch({
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    maxBytes: SITE_MAX_BYTES,
    timeoutMs: 30_000,
  });
  return (url: string, init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) =>
    guarded(url, init);
}

/** Immediate retries of a GET whose connection failed (fetch's TypeError). */
const NETWORK_RETRIES = 2;

/** fetch's "fetch failed" (a TypeError), or a socket reset or closed under a request. */
function isConnectionDrop(error: unknown): boolean {
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Seconds (or an HTTP date) of a Retry-After header, in ms; else the epoch second of an
 * X-Rate-Limit-Reset header (Okta: when the rate-limit window resets); a doubling back-off without either.
 */
export function retryAfterMs(
  header: string | null,
  attempt: number,
  now = Date.now(),
  rateLimitReset: string | null = null,
): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (rateLimitReset) {
    const epoch = Number(rateLimitReset);
    if (Number.isFinite(epoch) && epoch > 0) return Math.max(0, epoch * 1000 - now);
  }
  return 1000 * 2 ** attempt;
}

/** The message of a provider's error body: Google/Graph `{ error: { message } }`, Okta `{ errorSummary }`. */
function errorMessageOf(body: unknown, fallback: string): string {
  const b = (body ?? {}) as { error?: { message?: unknown } | unknown; errorSummary?: unknown };
  const nested = typeof b.error === 'object' && b.error ? (b.error as { message?: unknown }).message : null;
  if (typeof nested === 'string') return nested;
  if (typeof b.errorSummary === 'string') return b.errorSummary;
  return fallback;
}

/** The `rel="next"` URL of an RFC 8288 Link header (Okta pages this way), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match && /(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2])) return match[1];
  }
  return null;
}

/** GETs JSON from the provider's API. */
export function apiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 6;
  const maxWait = options.maxWaitMs ?? 60_000;
  const authorization = options.authorization ?? ((token: string) => `Bearer ${token}`);
  const send =
    options.fetch ?? ((url: string, init: { headers: Record<string, string> }) => fetch(url, init));
  const origin = new URL(options.baseUrl).origin;
  async function getPage<T>(
    path: string,
    query: Record<string, string | number | boolean | null | undefined>,
    /** Provider headers (Xero: xero-tenant-id, If-Modified-Since). */
    headers: Record<string, string> = {},
  ): Promise<{ body: T; headers: Headers }> {
    const url = new URL(path, options.baseUrl);
    // A next-page link the provider gave is followed only on the provider's own origin (the token goes with it).
    if (url.origin !== origin) throw new ProviderError(400, `a link outside ${origin} was not followed`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    let token = await options.accessToken();
    let refreshed = false;
    let networkRetries = 0;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await send(url.toString(), {
          headers: { ...headers, authorization: authorization(token), accept: 'application/json' },
        });
      } catch (error) {
        // A GET is safe to send again: a kept-alive connection the provider closed meanwhile
        // ("other side closed", ECONNRESET) is retried at once, twice at most.
        if (!isConnectionDrop(error) || networkRetries >= NETWORK_RETRIES) throw error;
        networkRetries += 1;
        attempt -= 1;
        continue;
      }
      if (response.ok) {
        const answer: unknown = await response.json();
        const problem = options.answerError?.(answer);
        // Provider data is outside input: NUL and lone surrogates never reach the database.
        if (!problem) return { body: storableDeep(answer as T), headers: response.headers };
        if (problem.kind === 'expired' && !refreshed) {
          refreshed = true;
          token = await options.refresh();
          continue;
        }
        if (problem.kind === 'reconnect' || problem.kind === 'expired') throw new NeedsReconnectError();
        if (problem.kind === 'busy') {
          if (attempt + 1 >= maxAttempts) throw new ProviderBusyError(response.status);
          await sleep(Math.min(maxWait, retryAfterMs(response.headers.get('retry-after'), attempt)));
          continue;
        }
        throw new ProviderError(response.status, problem.message);
      }
      const body: unknown = await response.json().catch(() => ({}));
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        token = await options.refresh();
        continue;
      }
      if (response.status === 401) throw new NeedsReconnectError();
      if (response.status === 429 || response.status === 503) {
        if (attempt + 1 >= maxAttempts) throw new ProviderBusyError(response.status);
        const wait = retryAfterMs(
          response.headers.get('retry-after'),
          attempt,
          Date.now(),
          response.headers.get('x-rate-limit-reset'),
        );
        await sleep(Math.min(maxWait, wait));
        continue;
      }
      throw new ProviderError(response.status, errorMessageOf(body, response.statusText));
    }
  }
  return {
    /** GETs JSON; `path` may be a next-page URL of the provider's own origin. */
    async get<T>(
      path: string,
      query: Record<string, string | number | boolean | null | undefined>,
      headers: Record<string, string> = {},
    ): Promise<T> {
      return (await getPage<T>(path, query, headers)).body;
    },
    /** GETs JSON with the answer's headers (Link paging). */
    getPage,
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
