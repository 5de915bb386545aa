// Talking to a provider: OAuth 2.0 token requests (RFC 6749 §4.1.3, §6; PKCE RFC 7636) and API GETs
// with the access token, refreshed before it expires and once on a 401, and 429/503 answered by
// waiting what Retry-After says (bounded). Tokens never reach a log or an error message.
import { createHash, randomBytes } from 'node:crypto';
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
    message: string,
  ) {
    super(`The provider answered ${status}: ${message.slice(0, 200)}`);
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

/** A POST to the token endpoint (form-encoded); an `invalid_grant` is a NeedsReconnectError. */
export async function tokenRequest(
  url: string,
  params: Record<string, string>,
  now: Date,
  clientAuth: 'basic' | 'body' = 'body',
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
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form).toString(),
  });
  const body = storableDeep((await response.json().catch(() => ({}))) as Record<string, unknown>);
  if (!response.ok || typeof body.access_token !== 'string') {
    const error = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
    if (error === 'invalid_grant' || response.status === 401) throw new NeedsReconnectError();
    throw new ProviderError(response.status, `token endpoint: ${error}`);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) ? new Date(now.getTime() + expiresIn * 1000) : null,
    scopes: typeof body.scope === 'string' ? body.scope.split(' ').filter(Boolean) : null,
  };
}

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
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds (or an HTTP date) of a Retry-After header, in ms; a doubling back-off without one. */
export function retryAfterMs(header: string | null, attempt: number, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return 1000 * 2 ** attempt;
}

/** GETs JSON from the provider's API. */
export function apiClient(options: ApiClientOptions) {
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 6;
  const maxWait = options.maxWaitMs ?? 60_000;
  return {
    async get<T>(
      path: string,
      query: Record<string, string | number | boolean | null | undefined>,
      /** Provider headers (Xero: xero-tenant-id, If-Modified-Since). */
      headers: Record<string, string> = {},
    ): Promise<T> {
      const url = new URL(path, options.baseUrl);
      for (const [key, value] of Object.entries(query)) {
        if (value !== null && value !== undefined && value !== '') url.searchParams.set(key, String(value));
      }
      let token = await options.accessToken();
      let refreshed = false;
      for (let attempt = 0; ; attempt += 1) {
        const response = await fetch(url, {
          headers: { ...headers, authorization: `Bearer ${token}`, accept: 'application/json' },
        });
        // Provider data is outside input: NUL and lone surrogates never reach the database.
        if (response.ok) return storableDeep((await response.json()) as T);
        const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
        if (response.status === 401 && !refreshed) {
          refreshed = true;
          token = await options.refresh();
          continue;
        }
        if (response.status === 401) throw new NeedsReconnectError();
        if (response.status === 429 || response.status === 503) {
          if (attempt + 1 >= maxAttempts) throw new ProviderBusyError(response.status);
          await sleep(Math.min(maxWait, retryAfterMs(response.headers.get('retry-after'), attempt)));
          continue;
        }
        throw new ProviderError(response.status, body.error?.message ?? response.statusText);
      }
    },
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
