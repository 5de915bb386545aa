// What the local provider fakes share (tests only: loopback, no network): an HTTP server, the
// OAuth 2.0 authorization-code flow (RFC 6749 §4.1, PKCE RFC 7636 §4.6, client authentication by
// HTTP Basic §2.3.1), access and refresh tokens (rotating when the provider rotates them), and
// injected failures (429 storms, a crash on one page). Each provider's fake (quickbooks/,
// xero/) adds its API routes and its error bodies; google/fake-google.ts predates this and keeps its own.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface Failure {
  pathPrefix: string;
  status: number;
  retryAfter?: string;
  /** Fail only requests whose query has this value under `param` (a crash on page 2). */
  param?: { name: string; value: string };
  /** Fail only requests this says yes to. */
  when?: (url: URL) => boolean;
  times: number;
  headers?: Record<string, string>;
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

export interface OAuthFakeOptions {
  clientId: string;
  clientSecret: string;
  authorizePath: string;
  tokenPath: string;
  /** Extra parameters on the redirect back (QuickBooks: realmId). */
  callbackParams?: () => Record<string, string>;
  /** A refresh answers a new refresh token and retires the old one (Intuit, Xero). */
  rotateRefreshTokens: boolean;
  accessTokenPrefix: string;
  /** The provider's token answer beyond access_token/refresh_token/expires_in. */
  tokenExtras?: Record<string, unknown>;
}

export interface ApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  token: string;
}

export interface FakeProvider {
  base: string;
  requests: FakeRequest[];
  fail(failure: Failure): void;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** Follows the consent page as the admin clicking Allow: answers the redirect back. */
  approve(authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * Starts a fake: OAuth on the given paths; every other request needs a live bearer token
 * (`unauthorized` answers otherwise) and goes to `api`; `failed` writes an injected failure.
 */
export async function startFakeProvider(
  options: OAuthFakeOptions,
  handlers: {
    unauthorized(res: ServerResponse): void;
    failed(res: ServerResponse, failure: Failure): void;
    api(ctx: ApiContext): Promise<void> | void;
  },
): Promise<FakeProvider> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const failures: Failure[] = [];
  const requests: FakeRequest[] = [];
  const issue = () => {
    const accessToken = `${options.accessTokenPrefix}${randomBytes(12).toString('hex')}`;
    accessTokens.add(accessToken);
    const refreshToken = `rt-${randomBytes(16).toString('hex')}`;
    refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: 3600,
      token_type: 'Bearer',
      ...options.tokenExtras,
    };
  };
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = req.method === 'POST' ? await readForm(req) : {};
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
        ),
      });

      const failure = failures.find(
        (f) =>
          url.pathname.startsWith(f.pathPrefix) &&
          (!f.param || url.searchParams.get(f.param.name) === f.param.value) &&
          (!f.when || f.when(url)),
      );
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        return handlers.failed(res, failure);
      }

      if (url.pathname === options.authorizePath) {
        const q = url.searchParams;
        if (q.get('client_id') !== options.clientId || q.get('response_type') !== 'code' || !q.get('state'))
          return sendJson(res, 400, { error: 'invalid_request' });
        if (q.get('consent') !== 'allow') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(
            `<html><body><h1>Allow Stackwise to read your books</h1><a id="allow" href="${url.pathname}${url.search}&consent=allow">Connect</a></body></html>`,
          );
        }
        const code = `code-${randomBytes(16).toString('hex')}`;
        codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri: q.get('redirect_uri')! });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        for (const [key, value] of Object.entries(options.callbackParams?.() ?? {}))
          back.searchParams.set(key, value);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (url.pathname === options.tokenPath && req.method === 'POST') {
        // Confidential clients authenticate with HTTP Basic (RFC 6749 §2.3.1); a secret in the form is refused.
        if (req.headers.authorization !== basic || form.client_secret)
          return sendJson(res, 401, { error: 'invalid_client' });
        if (form.grant_type === 'authorization_code') {
          const pending = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          const challenge = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url');
          if (
            !pending ||
            pending.redirectUri !== form.redirect_uri ||
            (pending.challenge && pending.challenge !== challenge)
          )
            return sendJson(res, 400, { error: 'invalid_grant' });
          return sendJson(res, 200, issue());
        }
        if (form.grant_type === 'refresh_token') {
          if (!refreshTokens.has(form.refresh_token ?? ''))
            return sendJson(res, 400, { error: 'invalid_grant' });
          if (options.rotateRefreshTokens) refreshTokens.delete(form.refresh_token!);
          const answer = issue();
          if (!options.rotateRefreshTokens) {
            refreshTokens.delete(answer.refresh_token);
            return sendJson(res, 200, { ...answer, refresh_token: undefined });
          }
          return sendJson(res, 200, answer);
        }
        return sendJson(res, 400, { error: 'unsupported_grant_type' });
      }

      const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
      if (!accessTokens.has(token)) return handlers.unauthorized(res);
      await handlers.api({ req, res, url, token });
    })().catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  // A slow test database may keep the client busy between requests: keep its idle sockets open, so a
  // reused socket is never closed under it (undici answers "fetch failed" then).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    fail: (failure) => failures.push(failure),
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    async approve(authorizeUrl) {
      const consent = await fetch(authorizeUrl);
      const href = /id="allow" href="([^"]+)"/.exec(await consent.text())?.[1];
      if (!href) throw new Error('No consent page');
      const answer = await fetch(new URL(href.replace(/&amp;/g, '&'), base), { redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
