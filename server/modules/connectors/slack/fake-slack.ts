// A local stand-in for Slack's OAuth v2 and Web API (tests and the demo only: loopback, no network).
// It follows Slack's published references for what the connector uses:
// - Installing with OAuth (docs.slack.dev/authentication/installing-with-oauth): the browser goes to
//   /oauth/v2/authorize?client_id&scope (bot, comma-separated)&user_scope&redirect_uri&state, comes
//   back with ?code&state; the code is exchanged at oauth.v2.access.
// - oauth.v2.access (docs.slack.dev/reference/methods/oauth.v2.access): POST, form-encoded client_id,
//   client_secret, code, redirect_uri (and code_verifier with PKCE); answers { ok, app_id,
//   authed_user: { id, scope, access_token, token_type: "user" }, scope, token_type, team: { id, name } };
//   errors invalid_code, bad_client_secret, bad_redirect_uri.
// - users.list (docs.slack.dev/reference/methods/users.list): GET ?limit (≤ 1000, "no more than 200"
//   recommended)&cursor; answers { ok, members, cache_ts, response_metadata: { next_cursor } }, an
//   empty next_cursor on the last page. Members: id, team_id, name, deleted, is_bot, is_app_user,
//   is_restricted, is_ultra_restricted, updated, profile.email (with users:read.email).
// - team.billableInfo (docs.slack.dev/reference/methods/team.billableInfo): GET ?limit&cursor; answers
//   { ok, billable_info: { [userId]: { billing_active } }, response_metadata }; needs the `admin` user scope.
// - team.accessLogs (docs.slack.dev/reference/methods/team.accessLogs): GET ?count (default 100,
//   ≤ 1000)&page (default 1, ≤ 100; past either `over_pagination_limit`)&before (Unix seconds,
//   inclusive; default now); answers { ok, logins: [{ user_id, username, date_first, date_last, count,
//   ip, user_agent, isp, country, region }], paging: { count, total, page, pages } }, the latest access
//   first; needs the `admin` user scope; a free workspace answers `paid_only`.
// - Web API responses (docs.slack.dev/apis/web-api/#responses): HTTP 200 with { ok: false, error }
//   (not_authed, invalid_auth, token_revoked, missing_scope…); rate limits
//   (docs.slack.dev/apis/web-api/rate-limits): HTTP 429 with Retry-After seconds.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SlackMember } from './slack-connector';

export interface SlackLogin {
  user_id: string;
  username: string;
  /** Unix seconds of the first and the latest access of this user, IP and user agent. */
  date_first: number;
  date_last: number;
  count: number;
  ip: string;
  user_agent: string;
}

export interface FakeSlackRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
}

interface Failure {
  /** The Web API method ("users.list"). */
  method: string;
  /** An HTTP status (429 with Retry-After, 500), or 200 with `{ ok: false, error }`. */
  status: number;
  error?: string;
  retryAfter?: string;
  /** Fail only the request with this cursor (a crash on page 2). */
  cursor?: string;
  times: number;
}

export interface FakeSlack {
  env: Record<string, string>;
  members: SlackMember[];
  /** Slack user ids billed under the Fair Billing Policy. */
  billingActive: Set<string>;
  /** Access log entries (one per user, IP and user agent), in any order. */
  logins: SlackLogin[];
  /** A free workspace: team.accessLogs answers `paid_only`. */
  freePlan: boolean;
  requests: FakeSlackRequest[];
  fail(failure: Failure): void;
  /** The app was uninstalled or the admin revoked it: every token answers `token_revoked`. */
  revokeTokens(): void;
  /** Follows the consent page as the admin clicking Allow: answers the redirect back. */
  approve(authorizeUrl: string): Promise<URL>;
  /** The cursor Slack would give for the page starting at `offset`. */
  cursorAt(offset: number): string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

const cursorAt = (offset: number) => Buffer.from(`user:${offset}`).toString('base64');

/** Cursor paging: the cursor encodes the next offset (opaque to the client, as Slack's are). */
function page<T>(items: T[], query: URLSearchParams) {
  const limit = Math.min(1000, Number(query.get('limit') ?? 100) || 100);
  const cursor = query.get('cursor');
  const start = cursor ? Number(Buffer.from(cursor, 'base64').toString().replace('user:', '')) : 0;
  const slice = items.slice(start, start + limit);
  return { slice, next: start + limit < items.length ? cursorAt(start + limit) : '' };
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const clientId = '1234567890.0987654321';
  const clientSecret = 'fake-slack-client-secret';
  const codes = new Map<string, { redirectUri: string; challenge: string | null; userScope: string }>();
  const tokens = new Map<string, { revoked: boolean; scopes: string[] }>();
  const failures: Failure[] = [];
  const requests: FakeSlackRequest[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = req.method === 'POST' ? await readForm(req) : {};
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
      });

      if (url.pathname === '/oauth/v2/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId) return json(res, 200, { ok: false, error: 'invalid_client_id' });
        if (!q.get('scope') && !q.get('user_scope'))
          return json(res, 200, { ok: false, error: 'invalid_scope' });
        if (q.get('consent') !== 'allow') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(
            `<html><body><h1>Stackwise is requesting permission to access the Acme Slack workspace</h1><a id="allow" href="${url.pathname}${url.search}&consent=allow">Allow</a></body></html>`,
          );
        }
        const code = `${randomBytes(4).toString('hex')}.${randomBytes(16).toString('hex')}`;
        codes.set(code, {
          redirectUri: q.get('redirect_uri') ?? '',
          challenge: q.get('code_challenge'),
          userScope: q.get('user_scope') ?? '',
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (url.pathname === '/api/oauth.v2.access' && req.method === 'POST') {
        if (form.client_id !== clientId) return json(res, 200, { ok: false, error: 'invalid_client_id' });
        if (form.client_secret !== clientSecret)
          return json(res, 200, { ok: false, error: 'bad_client_secret' });
        const pending = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!pending) return json(res, 200, { ok: false, error: 'invalid_code' });
        if (pending.redirectUri !== form.redirect_uri)
          return json(res, 200, { ok: false, error: 'bad_redirect_uri' });
        if (
          pending.challenge &&
          createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url') !== pending.challenge
        )
          return json(res, 200, { ok: false, error: 'invalid_code_verifier' });
        const accessToken = `xoxp-${randomBytes(12).toString('hex')}`;
        const scopes = pending.userScope.split(',').filter(Boolean);
        tokens.set(accessToken, { revoked: false, scopes });
        return json(res, 200, {
          ok: true,
          app_id: 'A0FAKE',
          authed_user: {
            id: 'U0ADMIN',
            scope: scopes.join(','),
            access_token: accessToken,
            token_type: 'user',
          },
          scope: '',
          token_type: 'bot',
          enterprise: null,
          team: { id: 'T0FAKE', name: 'Acme' },
          is_enterprise_install: false,
        });
      }

      const method = /^\/api\/([a-zA-Z.]+)$/.exec(url.pathname)?.[1];
      if (!method) return json(res, 404, { ok: false, error: 'unknown_method' });

      const failure = failures.find(
        (f) => f.method === method && (f.cursor === undefined || f.cursor === url.searchParams.get('cursor')),
      );
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        return json(
          res,
          failure.status,
          { ok: false, error: failure.error ?? (failure.status === 429 ? 'ratelimited' : 'internal_error') },
          failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
        );
      }

      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!bearer) return json(res, 200, { ok: false, error: 'not_authed' });
      const token = tokens.get(bearer);
      if (!token) return json(res, 200, { ok: false, error: 'invalid_auth' });
      if (token.revoked) return json(res, 200, { ok: false, error: 'token_revoked' });
      const need = (scope: string) =>
        token.scopes.includes(scope)
          ? null
          : json(res, 200, {
              ok: false,
              error: 'missing_scope',
              needed: scope,
              provided: token.scopes.join(','),
            });

      if (method === 'users.list') {
        if (need('users:read') !== null) return;
        const { slice, next } = page(fake.members, url.searchParams);
        const withEmail = token.scopes.includes('users:read.email');
        return json(res, 200, {
          ok: true,
          members: slice.map((m) => (withEmail ? m : { ...m, profile: { ...m.profile, email: undefined } })),
          cache_ts: Math.floor(Date.now() / 1000),
          response_metadata: { next_cursor: next },
        });
      }
      if (method === 'team.billableInfo') {
        if (need('admin') !== null) return;
        const humans = fake.members.filter((m) => !m.is_bot && m.id !== 'USLACKBOT');
        const { slice, next } = page(humans, url.searchParams);
        return json(res, 200, {
          ok: true,
          billable_info: Object.fromEntries(
            slice.map((m) => [m.id, { billing_active: !m.deleted && fake.billingActive.has(m.id) }]),
          ),
          response_metadata: { next_cursor: next },
        });
      }
      if (method === 'team.accessLogs') {
        if (need('admin') !== null) return;
        if (fake.freePlan) return json(res, 200, { ok: false, error: 'paid_only' });
        const count = Number(url.searchParams.get('count') ?? 100) || 100;
        const pageNo = Number(url.searchParams.get('page') ?? 1) || 1;
        if (count > 1000 || pageNo > 100)
          return json(res, 200, { ok: false, error: 'over_pagination_limit' });
        const before = Number(url.searchParams.get('before') ?? '') || Infinity;
        const logins = fake.logins
          // "The oldest timestamp returned" is the `before` of the next window: entries last seen by then.
          .filter((l) => l.date_last <= before)
          .sort((a, b) => b.date_last - a.date_last);
        return json(res, 200, {
          ok: true,
          logins: logins.slice((pageNo - 1) * count, pageNo * count),
          paging: {
            count,
            total: logins.length,
            page: pageNo,
            pages: Math.max(1, Math.ceil(logins.length / count)),
          },
        });
      }
      return json(res, 200, { ok: false, error: 'unknown_method' });
    })().catch((error: unknown) => json(res, 500, { ok: false, error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeSlack = {
    env: {
      SLACK_OAUTH_CLIENT_ID: clientId,
      SLACK_OAUTH_CLIENT_SECRET: clientSecret,
      SLACK_OAUTH_AUTHORIZE_URL: `${base}/oauth/v2/authorize`,
      SLACK_OAUTH_TOKEN_URL: `${base}/api/oauth.v2.access`,
      SLACK_API_BASE_URL: `${base}/api`,
    },
    members: [],
    billingActive: new Set(),
    logins: [],
    freePlan: false,
    requests,
    fail: (failure) => failures.push(failure),
    revokeTokens: () => {
      for (const token of tokens.values()) token.revoked = true;
    },
    async approve(authorizeUrl) {
      const consent = await fetch(authorizeUrl);
      const href = /id="allow" href="([^"]+)"/.exec(await consent.text())?.[1];
      if (!href) throw new Error('No consent page');
      const answer = await fetch(new URL(href.replace(/&amp;/g, '&'), base), { redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    },
    cursorAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
