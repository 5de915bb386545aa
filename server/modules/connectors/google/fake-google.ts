// A local stand-in for Google's OAuth 2.0 server and the Admin SDK (tests only: loopback, no network).
// It follows Google's published references for what the connector uses:
// - OAuth 2.0 for web server apps (developers.google.com/identity/protocols/oauth2/web-server):
//   "Step 2: Redirect to Google's OAuth 2.0 server" (client_id, redirect_uri, response_type=code,
//   scope, state, access_type=offline, code_challenge + code_challenge_method=S256), "Step 5:
//   Exchange authorization code for refresh and access tokens" (POST /token, form-encoded,
//   code_verifier checked — RFC 7636 §4.6), "Refreshing an access token (offline access)"
//   (grant_type=refresh_token; `invalid_grant` once revoked).
// - Directory API, users.list (developers.google.com/admin-sdk/directory/reference/rest/v1/users/list):
//   GET /admin/directory/v1/users?customer=my_customer&maxResults (1–500, default 100)&pageToken
//   &showDeleted; answers { kind: "admin#directory#users", users: [User], nextPageToken }.
// - Reports API, activities.list (developers.google.com/admin-sdk/reports/reference/rest/v1/activities/list):
//   GET /admin/reports/v1/activity/users/all/applications/{token|login}?startTime&maxResults
//   (1–1000, default 1000)&pageToken; answers { kind: "admin#reports#activities", items: [Activity],
//   nextPageToken }, newest first. Token events (Appendix "Token event names"): `authorize` and
//   `revoke` with parameters app_name, client_id, scope (multiValue); login events: `login_success`.
// - Enterprise License Manager, licenseAssignments.listForProduct
//   (developers.google.com/workspace/admin/licensing/reference/rest/v1/licenseAssignments/listForProduct):
//   GET /apps/licensing/v1/product/{productId}/users?customerId (required)&maxResults (1–1000, default
//   100)&pageToken; answers { kind: "licensing#licenseAssignmentList", items: [LicenseAssignment],
//   nextPageToken }. (Google answers 403 PERMISSION_DENIED without the apps.licensing scope; the
//   fake does not check scopes.)
// - Errors (developers.google.com/workspace/admin/.../errors): { error: { code, message, status,
//   errors: [{ message, domain, reason }] } }; 401 UNAUTHENTICATED for a missing or expired
//   token; 429 RESOURCE_EXHAUSTED with Retry-After.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GoogleActivity, GoogleUser, LicenseAssignment } from './google-connector';

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
}

interface Failure {
  pathPrefix: string;
  status: number;
  retryAfter?: string;
  /** Fail only the request with this pageToken (a crash on page 2). */
  pageToken?: string;
  times: number;
}

export interface FakeGoogle {
  /** Env variables pointing the server at this fake. */
  env: Record<string, string>;
  clientId: string;
  users: GoogleUser[];
  deletedUsers: GoogleUser[];
  activities: { token: GoogleActivity[]; login: GoogleActivity[] };
  /** License Manager assignments of the customer `customerId`. */
  licenses: LicenseAssignment[];
  customerId: string;
  requests: FakeGoogleRequest[];
  /** The next `times` requests whose path starts with the prefix answer `status`. */
  fail(failure: Failure): void;
  /** Every access token issued so far answers 401 from now on. */
  expireAccessTokens(): void;
  /** Consent withdrawn: every refresh token answers invalid_grant. */
  revokeRefreshTokens(): void;
  /** Follows the consent page as the super admin clicking Allow: answers the redirect back. */
  approve(authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const apiError = (res: ServerResponse, code: number, message: string, headers: Record<string, string> = {}) =>
  json(
    res,
    code,
    {
      error: {
        code,
        message,
        status: STATUS_NAMES[code] ?? 'UNKNOWN',
        errors: [{ message, domain: 'global', reason: STATUS_NAMES[code] }],
      },
    },
    headers,
  );

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

/** Pages by offset: the token is the next index (opaque to the client, as Google's are). */
function page<T>(items: T[], query: URLSearchParams, max: number, fallback: number) {
  const size = Math.min(max, Number(query.get('maxResults') ?? fallback) || fallback);
  const start = query.get('pageToken')
    ? Number(Buffer.from(query.get('pageToken')!, 'base64url').toString())
    : 0;
  const slice = items.slice(start, start + size);
  const next =
    start + size < items.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
  return { slice, next };
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = 'stackwise-test.apps.googleusercontent.com';
  const clientSecret = 'fake-google-client-secret';
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const failures: Failure[] = [];
  const requests: FakeGoogleRequest[] = [];
  const issue = () => {
    const accessToken = `ya29.${randomBytes(12).toString('hex')}`;
    accessTokens.add(accessToken);
    return accessToken;
  };

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

      const failure = failures.find(
        (f) =>
          url.pathname.startsWith(f.pathPrefix) &&
          (f.pageToken === undefined || f.pageToken === url.searchParams.get('pageToken')),
      );
      if (failure) {
        failure.times -= 1;
        if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
        return apiError(
          res,
          failure.status,
          'Simulated failure',
          failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
        );
      }

      // OAuth consent page: an HTML page with Allow; `consent=allow` is the click.
      if (url.pathname === '/o/oauth2/v2/auth') {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId) return apiError(res, 400, 'invalid_client');
        if (
          q.get('response_type') !== 'code' ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge')
        )
          return apiError(res, 400, 'invalid_request');
        if (q.get('consent') !== 'allow') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(
            `<html><body><h1>Stackwise wants to access your Google Account</h1><a id="allow" href="${url.pathname}${url.search}&consent=allow">Allow</a></body></html>`,
          );
        }
        const code = `4/${randomBytes(16).toString('hex')}`;
        codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        back.searchParams.set('scope', q.get('scope') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (url.pathname === '/token' && req.method === 'POST') {
        if (form.client_id !== clientId || form.client_secret !== clientSecret)
          return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
        if (form.grant_type === 'authorization_code') {
          const pending = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          const challenge = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url');
          if (!pending || pending.redirectUri !== form.redirect_uri || pending.challenge !== challenge)
            return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
          const refreshToken = `1//${randomBytes(16).toString('hex')}`;
          refreshTokens.add(refreshToken);
          return json(res, 200, {
            access_token: issue(),
            expires_in: 3599,
            refresh_token: refreshToken,
            scope: [
              'https://www.googleapis.com/auth/admin.directory.user.readonly',
              'https://www.googleapis.com/auth/admin.reports.audit.readonly',
              'https://www.googleapis.com/auth/apps.licensing',
            ].join(' '),
            token_type: 'Bearer',
          });
        }
        if (form.grant_type === 'refresh_token') {
          if (!refreshTokens.has(form.refresh_token ?? ''))
            return json(res, 400, {
              error: 'invalid_grant',
              error_description: 'Token has been expired or revoked.',
            });
          return json(res, 200, { access_token: issue(), expires_in: 3599, token_type: 'Bearer' });
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }

      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!accessTokens.has(token))
        return apiError(res, 401, 'Request had invalid authentication credentials.');

      if (url.pathname === '/admin/directory/v1/users') {
        if (url.searchParams.get('customer') !== 'my_customer' && !url.searchParams.get('domain'))
          return apiError(res, 400, 'Bad Request');
        const source = url.searchParams.get('showDeleted') === 'true' ? fake.deletedUsers : fake.users;
        const { slice, next } = page(source, url.searchParams, 500, 100);
        return json(res, 200, {
          kind: 'admin#directory#users',
          etag: '"fake"',
          users: slice.map((u) => ({ customerId: fake.customerId, ...u })),
          ...(next ? { nextPageToken: next } : {}),
        });
      }

      const activity = /^\/admin\/reports\/v1\/activity\/users\/all\/applications\/(token|login)$/.exec(
        url.pathname,
      );
      if (activity) {
        const startTime = url.searchParams.get('startTime');
        const items = fake.activities[activity[1] as 'token' | 'login']
          .filter((a) => !startTime || a.id.time >= startTime)
          .sort((a, b) => b.id.time.localeCompare(a.id.time));
        const { slice, next } = page(items, url.searchParams, 1000, 1000);
        return json(res, 200, {
          kind: 'admin#reports#activities',
          etag: '"fake"',
          items: slice,
          ...(next ? { nextPageToken: next } : {}),
        });
      }
      const licensing = /^\/apps\/licensing\/v1\/product\/([^/]+)\/users$/.exec(url.pathname);
      if (licensing) {
        if (url.searchParams.get('customerId') !== fake.customerId)
          return apiError(res, 400, 'Invalid customerId');
        const items = fake.licenses.filter((l) => l.productId === decodeURIComponent(licensing[1]));
        const { slice, next } = page(items, url.searchParams, 1000, 100);
        return json(res, 200, {
          kind: 'licensing#licenseAssignmentList',
          etag: '"fake"',
          items: slice,
          ...(next ? { nextPageToken: next } : {}),
        });
      }
      return apiError(res, 404, 'Not Found');
    })().catch((error: unknown) => apiError(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGoogle = {
    env: {
      GOOGLE_OAUTH_CLIENT_ID: clientId,
      GOOGLE_OAUTH_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
      GOOGLE_API_BASE_URL: base,
      GOOGLE_LICENSING_API_BASE_URL: base,
    },
    clientId,
    users: [],
    deletedUsers: [],
    activities: { token: [], login: [] },
    licenses: [],
    customerId: 'C01fake',
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
  return fake;
}
