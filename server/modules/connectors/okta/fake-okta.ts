// A local stand-in for an Okta org's Management API (tests only: loopback, no network). It follows
// Okta's published references (developer.okta.com/docs/api/) for what the connector uses:
// - "Authentication" / API tokens: `Authorization: SSWS {token}`; an invalid or revoked token
//   answers 401 { errorCode: "E0000011", errorSummary: "Invalid token provided", errorLink,
//   errorId, errorCauses: [] }.
// - "Pagination": `Link: <…>; rel="self"` and `Link: <…>; rel="next"` headers with an opaque
//   `after` cursor; `limit`.
// - Users API, List all users (GET /api/v1/users, limit up to 200; users with status DEPROVISIONED
//   are only listed through filter=status eq "DEPROVISIONED"); "List users with search"
//   (search=lastUpdated gt "<ISO>": users of every status updated since); Get current user
//   (GET /api/v1/users/me).
//   User: { id, status, created, lastUpdated, profile: { login, email, firstName, lastName,
//   department, title, manager, managerId } }.
// - Applications API, List all applications (GET /api/v1/apps: id, name, label, status,
//   signOnMode, created); List all application users (GET /api/v1/apps/{appId}/users, limit up to
//   500, expand=user embeds the user in _embedded.user).
// - System Log API (GET /api/v1/logs: since, until, filter, sortOrder, limit up to 1000): LogEvent
//   { uuid, published, eventType, actor { id, type, alternateId, displayName }, outcome { result },
//   target [{ id, type: "AppInstance", alternateId, displayName }] }; without `until` the answer
//   always carries a next link (polling), an empty page when nothing is newer.
// - "Implement OAuth for Okta with a service app": POST /oauth2/v1/token (form) with
//   grant_type=client_credentials, scope (granted okta.* scopes), client_assertion_type=
//   urn:ietf:params:oauth:client-assertion-type:jwt-bearer and client_assertion, a JWT signed RS256 with
//   the app's private key (iss = sub = client id, aud = the token endpoint's URL, exp at most one hour
//   ahead, jti not seen before), checked with the public key registered on the app; answers
//   { token_type: "Bearer", expires_in: 3600, access_token, scope }; errors { error,
//   error_description }: 401 invalid_client, 400 invalid_scope, and 400 invalid_dpop_proof when the
//   app requires DPoP and the request carries no DPoP proof. API calls take `Authorization: Bearer`.
// - "Rate limits": 429 { errorCode: "E0000047", errorSummary: "API call exceeded rate limit due to
//   too many requests." } with X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset
//   (UTC epoch seconds).
import { generateKeyPairSync, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeFailure, type FakeRequest, offsetPage, sendJson, startFakeServer } from '../fake-http';
import type { OktaApp, OktaAppUser, OktaLogEvent, OktaUser } from './okta-connector';

export interface FakeOkta {
  /** The org's domain (http on loopback: WEBHOOK_ALLOW_PRIVATE lets it through). */
  base: string;
  /** The API token an admin created (Security → API → Tokens). */
  token: string;
  me: OktaUser;
  users: OktaUser[];
  apps: OktaApp[];
  /** Assignments per application id. */
  assignments: Record<string, OktaAppUser[]>;
  logs: OktaLogEvent[];
  requests: FakeRequest[];
  fail(failure: FakeFailure): void;
  /** The token is revoked (or expired after 30 days unused): every call answers 401 E0000011. */
  revokeToken(): void;
  /** An OAuth service app registered on the org: its client id and key pair (PEM and JWK). */
  serviceApp: { clientId: string; privateKeyPem: string; privateJwk: JsonWebKey };
  /** The scopes granted to the service app (its Okta API Scopes tab). */
  grantedScopes: string[];
  /** The service app requires DPoP-bound tokens. */
  requireDpop: boolean;
  /** Every access token issued to the service app so far expires. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

const ERROR_SUMMARIES: Record<number, [string, string]> = {
  400: ['E0000001', 'Api validation failed'],
  401: ['E0000011', 'Invalid token provided'],
  403: ['E0000006', 'You do not have permission to perform the requested action'],
  404: ['E0000007', 'Not found: Resource not found'],
  429: ['E0000047', 'API call exceeded rate limit due to too many requests.'],
  500: ['E0000009', 'Internal Server Error'],
};

export function oktaError(res: ServerResponse, status: number, headers: Record<string, string> = {}) {
  const [errorCode, errorSummary] = ERROR_SUMMARIES[status] ?? ['E0000009', 'Internal Server Error'];
  sendJson(
    res,
    status,
    {
      errorCode,
      errorSummary,
      errorLink: errorCode,
      errorId: `oae${randomBytes(10).toString('hex')}`,
      errorCauses: [],
    },
    headers,
  );
}

const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  sendJson(res, status, { error, error_description: description });

export async function startFakeOkta(): Promise<FakeOkta> {
  let token = `00${randomBytes(20).toString('base64url')}`;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = `0oa${randomBytes(8).toString('hex')}`;
  const accessTokens = new Set<string>();
  const seenJti = new Set<string>();

  /** The client credentials grant of the service app (see the header). */
  function tokenEndpoint(req: IncomingMessage, res: ServerResponse, form: Record<string, string>) {
    if (fake.requireDpop && !req.headers.dpop)
      return oauthError(res, 400, 'invalid_dpop_proof', 'The DPoP proof JWT header is missing.');
    if (form.grant_type !== 'client_credentials')
      return oauthError(res, 400, 'unsupported_grant_type', 'The grant type is not supported.');
    const refused = () => oauthError(res, 401, 'invalid_client', 'The client_assertion token is invalid.');
    if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return refused();
    const [header, payload, signature] = (form.client_assertion ?? '').split('.');
    if (!header || !payload || !signature) return refused();
    const decode = (part: string) =>
      JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
    const head = decode(header);
    const claims = decode(payload) as {
      iss?: string;
      sub?: string;
      aud?: string;
      exp?: number;
      jti?: string;
    };
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      keys.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const now = Math.floor(Date.now() / 1000);
    if (
      head.alg !== 'RS256' ||
      !signed ||
      claims.iss !== clientId ||
      claims.sub !== clientId ||
      claims.aud !== `${fake.base}/oauth2/v1/token` ||
      !claims.exp ||
      claims.exp < now ||
      claims.exp > now + 3600 ||
      !claims.jti ||
      seenJti.has(claims.jti)
    )
      return refused();
    seenJti.add(claims.jti);
    const scopes = (form.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !fake.grantedScopes.includes(scope)))
      return oauthError(res, 400, 'invalid_scope', 'The following scopes were not granted: ' + form.scope);
    const issued = `eyJraWQiOi.${randomBytes(16).toString('hex')}`;
    accessTokens.add(issued);
    return sendJson(res, 200, {
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: issued,
      scope: scopes.join(' '),
    });
  }

  const server = await startFakeServer(
    (req, res, url, form) => {
      if (url.pathname === '/oauth2/v1/token' && req.method === 'POST') return tokenEndpoint(req, res, form);
      const auth = req.headers.authorization ?? '';
      const bearer = auth.startsWith('Bearer ') && accessTokens.has(auth.slice(7));
      if (auth !== `SSWS ${token}` && !bearer) return oktaError(res, 401);
      const q = url.searchParams;
      const paged = <T>(items: T[], max: number, shape: (item: T) => unknown = (x) => x) => {
        const size = Math.min(max, Number(q.get('limit') ?? max) || max);
        const { slice, next } = offsetPage(items, q.get('after'), size);
        const self = new URL(url.pathname + url.search, fake.base).toString();
        const links = [`<${self}>; rel="self"`];
        if (next) {
          const link = new URL(url.pathname, fake.base);
          for (const [key, value] of q) if (key !== 'after') link.searchParams.set(key, value);
          link.searchParams.set('after', next);
          links.push(`<${link.toString()}>; rel="next"`);
        }
        return sendJson(res, 200, slice.map(shape), {
          link: links.join(', '),
          'x-rate-limit-limit': '600',
          'x-rate-limit-remaining': '599',
          'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 60),
        });
      };

      if (url.pathname === '/api/v1/users/me') return sendJson(res, 200, fake.me);
      if (url.pathname === '/api/v1/users') {
        const filter = q.get('filter');
        const search = q.get('search');
        if (search) {
          const since = /^lastUpdated gt "([^"]+)"$/.exec(search)?.[1];
          if (!since) return oktaError(res, 400);
          return paged(
            fake.users.filter((u) => (u.lastUpdated ?? '') > since),
            200,
          );
        }
        if (filter && filter !== 'status eq "DEPROVISIONED"') return oktaError(res, 400);
        const items = filter
          ? fake.users.filter((u) => u.status === 'DEPROVISIONED')
          : fake.users.filter((u) => u.status !== 'DEPROVISIONED');
        return paged(items, 200);
      }
      if (url.pathname === '/api/v1/apps') return paged(fake.apps, 200);
      const appUsers = /^\/api\/v1\/apps\/([^/]+)\/users$/.exec(url.pathname);
      if (appUsers) {
        const id = decodeURIComponent(appUsers[1]);
        if (!fake.apps.some((a) => a.id === id)) return oktaError(res, 404);
        const expand = q.get('expand') === 'user';
        return paged(fake.assignments[id] ?? [], 500, (a) => {
          if (!expand) return a;
          const user = fake.users.find((u) => u.id === a.id);
          return { ...a, _embedded: user ? { user } : undefined };
        });
      }
      if (url.pathname === '/api/v1/logs') {
        const filter = q.get('filter');
        const since = q.get('since') ?? new Date(Date.now() - 7 * 86_400_000).toISOString();
        if (filter && filter !== 'eventType eq "user.authentication.sso"') return oktaError(res, 400);
        const items = fake.logs
          .filter((e) => !filter || e.eventType === 'user.authentication.sso')
          .filter((e) => e.published >= since)
          .sort((a, b) => a.published.localeCompare(b.published));
        if (q.get('sortOrder') !== 'ASCENDING') items.reverse();
        const size = Math.min(1000, Number(q.get('limit') ?? 100) || 100);
        const { slice, next } = offsetPage(items, q.get('after'), size);
        // A poll: without `until`, a next link is always given (the offset past the end when done).
        const after = next ?? Buffer.from(String(items.length)).toString('base64url');
        const link = new URL(url.pathname, fake.base);
        for (const [key, value] of q) if (key !== 'after') link.searchParams.set(key, value);
        link.searchParams.set('after', after);
        return sendJson(res, 200, slice, {
          link: `<${new URL(url.pathname + url.search, fake.base).toString()}>; rel="self", <${link.toString()}>; rel="next"`,
        });
      }
      return oktaError(res, 404);
    },
    (res, failure) => oktaError(res, failure.status, failure.headers ?? {}),
  );

  const fake: FakeOkta = {
    base: server.base,
    get token() {
      return token;
    },
    me: {
      id: '00uadmin',
      status: 'ACTIVE',
      profile: {
        login: 'it.admin@okta.test',
        email: 'it.admin@okta.test',
        firstName: 'IT',
        lastName: 'Admin',
      },
    },
    users: [],
    apps: [],
    assignments: {},
    logs: [],
    requests: server.requests,
    fail: server.fail,
    revokeToken: () => {
      token = `00${randomBytes(20).toString('base64url')}`;
    },
    serviceApp: {
      clientId,
      privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      privateJwk: { ...keys.privateKey.export({ format: 'jwk' }), kid: 'stackwise-test' },
    },
    grantedScopes: ['okta.users.read', 'okta.apps.read', 'okta.logs.read'],
    requireDpop: false,
    expireAccessTokens: () => accessTokens.clear(),
    close: server.close,
  };
  return fake;
}
