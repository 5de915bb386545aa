// What the local provider fakes share (tests only: loopback, no network): an HTTP server, the
// OAuth 2.0 authorization-code flow (RFC 6749 §4.1, PKCE RFC 7636 §4.6, client authentication by
// HTTP Basic §2.3.1), access and refresh tokens (rotating when the provider rotates them), and
// injected failures (429 storms, a crash on one page). Each provider's fake (quickbooks/,
// xero/) adds its API routes and its error bodies. The server itself (request log, failures) is fake-http.ts's.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeFailure, type FakeRequest, sendJson, startFakeServer } from './fake-http';

export { sendJson };

export interface Failure extends FakeFailure {
  retryAfter?: string;
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

  const server = await startFakeServer<Failure>(
    async (req, res, url, form) => {
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
    },
    (res, failure) => handlers.failed(res, failure),
  );
  const { base } = server;
  return {
    base,
    requests: server.requests,
    fail: server.fail,
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    async approve(authorizeUrl) {
      const consent = await fetch(authorizeUrl);
      const href = /id="allow" href="([^"]+)"/.exec(await consent.text())?.[1];
      if (!href) throw new Error('No consent page');
      const answer = await fetch(new URL(href.replace(/&amp;/g, '&'), base), { redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    },
    close: server.close,
  };
}
