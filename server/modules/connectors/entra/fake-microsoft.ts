// A local stand-in for the Microsoft identity platform and Microsoft Graph v1.0 (tests only:
// loopback, no network). It follows Microsoft's published references for what the connector uses:
// - "Microsoft identity platform and OAuth 2.0 authorization code flow" (learn.microsoft.com/entra/
//   identity-platform/v2-oauth2-auth-code-flow): GET /{tenant}/oauth2/v2.0/authorize with client_id,
//   response_type=code, redirect_uri, response_mode=query, scope, state, code_challenge +
//   code_challenge_method=S256; POST /{tenant}/oauth2/v2.0/token (form) with grant_type=
//   authorization_code + code_verifier, and grant_type=refresh_token (+ scope); errors
//   { error, error_description: "AADSTS…", error_codes: [n] }, `invalid_grant` for a revoked or
//   expired refresh token (AADSTS70008 / AADSTS50173).
// - Graph "Paging Microsoft Graph data in your app": `@odata.nextLink` (an absolute URL with
//   $skiptoken) until the last page; "Use query parameters": $select, $expand, $filter, $top.
// - List users (GET /v1.0/users), user resource type (id, displayName, givenName, surname, mail,
//   userPrincipalName, department, jobTitle, accountEnabled), manager navigation ($expand=manager).
// - "Use delta query to track changes in Microsoft Graph data" and "user: delta"
//   (GET /v1.0/users/delta, $select and $expand=manager kept in the links): @odata.nextLink pages
//   ($skiptoken), the last one with @odata.deltaLink ($deltatoken); following the delta link answers
//   users added or changed since (a changed one with at least its changed properties), deleted ones as
//   { id, "@removed": { reason } } (`changed`: in the recycle bin; `deleted`: for good); the manager as
//   `manager@delta: [{ id }]`. A delta token the service no longer keeps answers 410 Gone
//   (`syncStateNotFound`): the client starts over with a full read.
// - List deleted items (GET /v1.0/directory/deletedItems/microsoft.graph.user).
// - List directoryAudits (GET /v1.0/auditLogs/directoryAudits, $filter=activityDisplayName eq '…'):
//   id, activityDisplayName, activityDateTime, result, initiatedBy { user { id, userPrincipalName } },
//   targetResources [{ id, type, displayName }].
// - List servicePrincipals (GET /v1.0/servicePrincipals: id, appId, appDisplayName, tags,
//   appOwnerOrganizationId); List oauth2PermissionGrants (GET /v1.0/oauth2PermissionGrants: id,
//   clientId, consentType AllPrincipals|Principal, principalId, resourceId, scope space-separated).
// - List subscribedSkus (GET /v1.0/subscribedSkus: skuId, skuPartNumber, capabilityStatus,
//   consumedUnits, prepaidUnits { enabled, suspended, warning }); user's assignedLicenses [{ skuId }].
// - List signIns (GET /v1.0/auditLogs/signIns, $filter=createdDateTime ge <ISO>, newest first,
//   $top up to 1000): id, createdDateTime, userPrincipalName, userId, appId, appDisplayName, status.
// - "Microsoft Graph error responses and resource types": { error: { code, message, innerError:
//   { date, request-id, client-request-id } } }; 401 InvalidAuthenticationToken ("Access token has
//   expired or is not yet valid."); "Microsoft Graph throttling guidance": 429 TooManyRequests with
//   Retry-After (seconds).
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeFailure, type FakeRequest, offsetPage, sendJson, startFakeServer } from '../fake-http';
import type {
  GraphDeltaUser,
  GraphDirectoryAudit,
  GraphPermissionGrant,
  GraphServicePrincipal,
  GraphSignIn,
  GraphSubscribedSku,
  GraphUser,
} from './entra-connector';

export interface FakeMicrosoft {
  env: Record<string, string>;
  base: string;
  users: GraphUser[];
  deletedUsers: GraphUser[];
  servicePrincipals: GraphServicePrincipal[];
  grants: GraphPermissionGrant[];
  signIns: GraphSignIn[];
  /** The tenant's subscriptions (List subscribedSkus). */
  skus: GraphSubscribedSku[];
  /** The directory audit log (consents to applications, among others). */
  audits: GraphDirectoryAudit[];
  /** Every delta token given so far is forgotten: following one answers 410 Gone. */
  expireDeltaTokens(): void;
  requests: FakeRequest[];
  /** The next `times` requests whose path starts with the prefix answer `status` (Graph's error body). */
  fail(failure: FakeFailure): void;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** The administrator signs in and accepts the permissions: answers the redirect back. */
  approve(authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

const GRAPH_CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'InvalidAuthenticationToken',
  403: 'Authorization_RequestDenied',
  404: 'Request_ResourceNotFound',
  410: 'syncStateNotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

export function graphError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    {
      error: {
        code: GRAPH_CODES[status] ?? 'UnknownError',
        message,
        innerError: {
          date: new Date().toISOString().slice(0, 19),
          'request-id': randomBytes(16).toString('hex'),
          'client-request-id': randomBytes(16).toString('hex'),
        },
      },
    },
    headers,
  );
}

/** Applies the subset of $filter the connector sends: `createdDateTime ge X`, `id in ('a','b')`. */
function filtered<T extends { createdDateTime?: string; id?: string }>(
  items: T[],
  filter: string | null,
): T[] {
  if (!filter) return items;
  const ge = /^createdDateTime ge (\S+)$/.exec(filter);
  if (ge) return items.filter((i) => (i.createdDateTime ?? '') >= ge[1]);
  const activity = /^activityDisplayName eq '(.*)'$/.exec(filter);
  if (activity)
    return items.filter((i) => (i as { activityDisplayName?: string }).activityDisplayName === activity[1]);
  const idIn = /^id in \((.*)\)$/.exec(filter);
  if (idIn) {
    const ids = idIn[1].split(',').map((s) => s.trim().replace(/^'|'$/g, ''));
    if (ids.length > 15) throw new Error('Too many values in the in clause (15 at most)');
    return items.filter((i) => ids.includes(i.id ?? ''));
  }
  throw new Error(`Unsupported filter: ${filter}`);
}

/** $select keeps the named properties (and @odata ones); $expand=manager($select=mail) adds the manager. */
function shaped(user: GraphUser, select: string | null, expandManager: boolean, all: GraphUser[]) {
  const { manager, ...rest } = user;
  const picked = select
    ? Object.fromEntries(Object.entries(rest).filter(([key]) => select.split(',').includes(key)))
    : rest;
  if (!expandManager) return picked;
  const managerMail = manager?.mail ?? null;
  const found = managerMail ? all.find((u) => u.mail === managerMail) : null;
  return {
    ...picked,
    manager: found ? { '@odata.type': '#microsoft.graph.user', id: found.id, mail: found.mail } : null,
  };
}

/** What a user is without $select (a few of its default properties). */
const USER_DEFAULT_SELECT = 'id,displayName,givenName,surname,mail,userPrincipalName,jobTitle';
/** Users per delta page (Graph chooses; the client follows the links). */
const DELTA_PAGE = 200;

/**
 * The entries of a delta pass: every user when `since` is null (a full read), else what changed
 * since that state: new users whole, changed ones as their id and changed properties, gone ones
 * `@removed` (`changed` while in the recycle bin).
 */
function deltaEntries(
  users: GraphUser[],
  since: Map<string, GraphUser> | null,
  recycled: GraphUser[],
  select: string[],
  expandManager: boolean,
): GraphDeltaUser[] {
  const managerId = (user: GraphUser) =>
    user.manager?.mail ? users.find((u) => u.mail === user.manager?.mail)?.id : undefined;
  const entries: GraphDeltaUser[] = [];
  for (const user of users) {
    const before = since?.get(user.id);
    const keys = select.filter(
      (key) =>
        !before ||
        JSON.stringify(before[key as keyof GraphUser]) !== JSON.stringify(user[key as keyof GraphUser]),
    );
    const managerChanged = !before || before.manager?.mail !== user.manager?.mail;
    if (before && keys.length === 0 && !managerChanged) continue;
    const entry: GraphDeltaUser = { id: user.id };
    for (const key of keys) Object.assign(entry, { [key]: user[key as keyof GraphUser] });
    const manager = managerId(user);
    if (expandManager && managerChanged && manager) entry['manager@delta'] = [{ id: manager }];
    entries.push(entry);
  }
  for (const id of since?.keys() ?? []) {
    if (users.some((u) => u.id === id)) continue;
    entries.push({ id, '@removed': { reason: recycled.some((u) => u.id === id) ? 'changed' : 'deleted' } });
  }
  return entries;
}

export async function startFakeMicrosoft(): Promise<FakeMicrosoft> {
  const clientId = '6731de76-14a6-49ae-97bc-6eba6914391e';
  const clientSecret = 'fake-microsoft-client-secret';
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const issue = () => {
    const token = `eyJ0eXAiOiJKV1Qi.${randomBytes(12).toString('hex')}`;
    accessTokens.add(token);
    return token;
  };
  const tokenError = (res: ServerResponse, status: number, error: string, code: number, text: string) =>
    sendJson(res, status, {
      error,
      error_description: `AADSTS${code}: ${text}`,
      error_codes: [code],
      timestamp: new Date().toISOString(),
      trace_id: randomBytes(8).toString('hex'),
      correlation_id: randomBytes(8).toString('hex'),
    });

  // Delta passes in progress (by the id in their $skiptoken) and the users' state each delta token names.
  interface DeltaState {
    state: Map<string, GraphUser>;
    select: string;
    expand: string | null;
  }
  const passes = new Map<string, DeltaState & { entries: GraphDeltaUser[] }>();
  const deltaStates = new Map<string, DeltaState>();

  const server = await startFakeServer(
    (req, res, url, form) => {
      const authorize = /^\/([^/]+)\/oauth2\/v2\.0\/authorize$/.exec(url.pathname);
      if (authorize) {
        const q = url.searchParams;
        if (q.get('client_id') !== clientId)
          return tokenError(
            res,
            400,
            'unauthorized_client',
            700016,
            'Application not found in the directory.',
          );
        if (
          q.get('response_type') !== 'code' ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge')
        )
          return tokenError(
            res,
            400,
            'invalid_request',
            900144,
            'The request body must contain code_challenge.',
          );
        if (q.get('consent') !== 'accept') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end(
            `<html><body><h1>Permissions requested</h1><p>${q.get('scope')}</p><a id="accept" href="${url.pathname}${url.search}&amp;consent=accept">Accept</a></body></html>`,
          );
        }
        const code = `0.A${randomBytes(16).toString('hex')}`;
        codes.set(code, {
          challenge: q.get('code_challenge')!,
          redirectUri: q.get('redirect_uri')!,
          scope: q.get('scope') ?? '',
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        back.searchParams.set('session_state', randomBytes(8).toString('hex'));
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (/^\/([^/]+)\/oauth2\/v2\.0\/token$/.test(url.pathname) && req.method === 'POST') {
        if (form.client_id !== clientId || form.client_secret !== clientSecret)
          return tokenError(res, 401, 'invalid_client', 7000215, 'Invalid client secret provided.');
        if (form.grant_type === 'authorization_code') {
          const pending = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          const challenge = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url');
          if (!pending || pending.redirectUri !== form.redirect_uri)
            return tokenError(
              res,
              400,
              'invalid_grant',
              70008,
              'The provided authorization code or refresh token has expired.',
            );
          if (pending.challenge !== challenge)
            return tokenError(
              res,
              400,
              'invalid_grant',
              501481,
              'The Code_Verifier does not match the code_challenge.',
            );
          const refreshToken = `0.AR${randomBytes(16).toString('hex')}`;
          refreshTokens.add(refreshToken);
          return sendJson(res, 200, {
            token_type: 'Bearer',
            scope: pending.scope
              .split(' ')
              .filter((s) => s !== 'offline_access')
              .map((s) => `https://graph.microsoft.com/${s}`)
              .join(' '),
            expires_in: 3599,
            ext_expires_in: 3599,
            access_token: issue(),
            refresh_token: refreshToken,
          });
        }
        if (form.grant_type === 'refresh_token') {
          if (!form.scope)
            return tokenError(
              res,
              400,
              'invalid_request',
              900144,
              "The request body must contain the 'scope' parameter.",
            );
          if (!refreshTokens.has(form.refresh_token ?? ''))
            return tokenError(
              res,
              400,
              'invalid_grant',
              50173,
              'The provided grant has expired due to it being revoked.',
            );
          return sendJson(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: issue() });
        }
        return tokenError(
          res,
          400,
          'unsupported_grant_type',
          70003,
          'The app requested an unsupported grant type.',
        );
      }

      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!accessTokens.has(token))
        return graphError(res, 401, 'Access token has expired or is not yet valid.', {
          'www-authenticate': 'Bearer realm="", error="invalid_token"',
        });

      const q = url.searchParams;
      const top = Number(q.get('$top') ?? 100) || 100;
      const pageOf = <T>(items: T[], max: number, shape: (item: T) => unknown = (x) => x) => {
        const { slice, next } = offsetPage(items, q.get('$skiptoken'), Math.min(top, max));
        const link = new URL(url.pathname, fake.base);
        for (const [key, value] of q) if (key !== '$skiptoken') link.searchParams.set(key, value);
        if (next) link.searchParams.set('$skiptoken', next);
        return sendJson(res, 200, {
          '@odata.context': `${fake.base}/v1.0/$metadata#${url.pathname.split('/').pop()}`,
          value: slice.map(shape),
          ...(next ? { '@odata.nextLink': link.toString() } : {}),
        });
      };
      if (url.pathname === '/v1.0/users') {
        let items: GraphUser[];
        try {
          items = filtered(fake.users, q.get('$filter'));
        } catch (error) {
          return graphError(res, 400, (error as Error).message);
        }
        const expandManager = (q.get('$expand') ?? '').startsWith('manager');
        return pageOf(items, 999, (u) => shaped(u, q.get('$select'), expandManager, fake.users));
      }
      if (url.pathname === '/v1.0/users/delta') {
        const skip = q.get('$skiptoken');
        const deltaToken = q.get('$deltatoken');
        let passId = skip?.split('.')[0] ?? '';
        const offset = Number(skip?.split('.')[1] ?? 0);
        if (!skip) {
          // The first request's $select and $expand live on in the links' tokens.
          const since = deltaToken
            ? deltaStates.get(deltaToken)
            : { state: null, select: q.get('$select') ?? USER_DEFAULT_SELECT, expand: q.get('$expand') };
          if (!since)
            return graphError(res, 410, 'The sync state is not found; start a full synchronization again.');
          passId = randomBytes(8).toString('hex');
          passes.set(passId, {
            entries: deltaEntries(
              fake.users,
              since.state,
              fake.deletedUsers,
              since.select.split(','),
              since.expand === 'manager',
            ),
            state: new Map(fake.users.map((u) => [u.id, structuredClone(u)] as const)),
            select: since.select,
            expand: since.expand,
          });
        }
        const pass = passes.get(passId);
        if (!pass)
          return graphError(res, 410, 'The sync state is not found; start a full synchronization again.');
        const next = offset + DELTA_PAGE;
        let end: Record<string, string>;
        if (next < pass.entries.length) {
          end = { '@odata.nextLink': `${fake.base}/v1.0/users/delta?$skiptoken=${passId}.${next}` };
        } else {
          const token = randomBytes(8).toString('hex');
          deltaStates.set(token, pass);
          end = { '@odata.deltaLink': `${fake.base}/v1.0/users/delta?$deltatoken=${token}` };
        }
        return sendJson(res, 200, {
          '@odata.context': `${fake.base}/v1.0/$metadata#users`,
          value: pass.entries.slice(offset, next),
          ...end,
        });
      }
      if (url.pathname === '/v1.0/auditLogs/directoryAudits') {
        let items: GraphDirectoryAudit[];
        try {
          items = filtered(fake.audits, q.get('$filter'));
        } catch (error) {
          return graphError(res, 400, (error as Error).message);
        }
        return pageOf(items, 999);
      }
      if (url.pathname === '/v1.0/directory/deletedItems/microsoft.graph.user')
        return pageOf(fake.deletedUsers, 999, (u) => shaped(u, q.get('$select'), false, []));
      if (url.pathname === '/v1.0/servicePrincipals') return pageOf(fake.servicePrincipals, 999);
      if (url.pathname === '/v1.0/oauth2PermissionGrants') return pageOf(fake.grants, 999);
      // List subscribedSkus: one answer, no paging.
      if (url.pathname === '/v1.0/subscribedSkus')
        return sendJson(res, 200, {
          '@odata.context': `${fake.base}/v1.0/$metadata#subscribedSkus`,
          value: fake.skus,
        });
      if (url.pathname === '/v1.0/auditLogs/signIns') {
        let items: GraphSignIn[];
        try {
          items = filtered(fake.signIns, q.get('$filter'));
        } catch (error) {
          return graphError(res, 400, (error as Error).message);
        }
        return pageOf(
          [...items].sort((a, b) => b.createdDateTime.localeCompare(a.createdDateTime)),
          1000,
        );
      }
      return graphError(res, 404, `Resource not found for the segment '${url.pathname}'.`);
    },
    (res, failure) => graphError(res, failure.status, 'Simulated failure', failure.headers ?? {}),
  );

  const fake: FakeMicrosoft = {
    env: {
      MICROSOFT_OAUTH_CLIENT_ID: clientId,
      MICROSOFT_OAUTH_CLIENT_SECRET: clientSecret,
      MICROSOFT_OAUTH_AUTHORIZE_URL: `${server.base}/organizations/oauth2/v2.0/authorize`,
      MICROSOFT_OAUTH_TOKEN_URL: `${server.base}/organizations/oauth2/v2.0/token`,
      MICROSOFT_GRAPH_BASE_URL: server.base,
    },
    base: server.base,
    users: [],
    deletedUsers: [],
    servicePrincipals: [],
    grants: [],
    signIns: [],
    skus: [],
    audits: [],
    expireDeltaTokens: () => deltaStates.clear(),
    requests: server.requests,
    fail: server.fail,
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    async approve(authorizeUrl) {
      const consent = await fetch(authorizeUrl);
      const href = /id="accept" href="([^"]+)"/.exec(await consent.text())?.[1];
      if (!href) throw new Error('No consent page');
      const answer = await fetch(new URL(href.replace(/&amp;/g, '&'), server.base), { redirect: 'manual' });
      return new URL(answer.headers.get('location')!);
    },
    close: server.close,
  };
  return fake;
}
