import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import {
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildSubscription,
  JSON_HEADERS,
  setPlan,
  uniqueEmail,
} from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let owner: Awaited<ReturnType<typeof buildOrgOwner>>;
let other: Awaited<ReturnType<typeof buildOrgOwner>>;

const RATE_LIMIT = 10;

beforeAll(async () => {
  server = await getTestServer({ env: { API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  owner = await buildOrgOwner(server.app, { orgName: 'Keys Inc' });
  other = await buildOrgOwner(server.app, { orgName: 'Other Inc' });
  await setPlan(server.app.deps.db, owner.orgId, 'scale');
  await setPlan(server.app.deps.db, other.orgId, 'scale');
});
afterAll(() => server.close());

const db = () => server.app.deps.db;

async function createKey(scopes: string[], extra: Record<string, unknown> = {}, cookie = owner.cookie) {
  const response = await api(server.app, cookie).post('/api/api-keys', { name: 'Sync', scopes, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string; prefix: string };
}

/** A call with the key alone, as a script makes it (no cookie). */
function withKey(secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, ...(payload ? JSON_HEADERS : {}) },
    payload,
  });
}

describe('session-only operations', () => {
  type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };
  const sessionOnly = async () => {
    const doc = (await server.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    return Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.security && !op.security.some((s) => 'apiKey' in s))
        .map(([method, op]) => ({ path, method: method.toUpperCase(), operationId: op.operationId })),
    );
  };

  it('declares the people, the organization, its plan and personal preferences session-only', async () => {
    const ids = (await sessionOnly()).map((o) => o.operationId);
    for (const id of [
      'listMembers',
      'listInvitations',
      'getOrganization',
      'getTrialStatus',
      'getMyNotificationPreference',
      'updateMyNotificationPreference',
    ])
      expect(ids, id).toContain(id);
  });

  it('refuses a key with 403 on every operation the OpenAPI document declares session-only', async () => {
    const { secret } = await createKey(['write']);
    const operations = await sessionOnly();
    expect(operations.length).toBeGreaterThan(45);
    const answered: string[] = [];
    for (const { path, method, operationId } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await server.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${secret}`, ...JSON_HEADERS },
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      if (response.statusCode !== 403 || response.json().code !== 'forbidden')
        answered.push(`${operationId} ${method} ${path}: ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });
});

describe('managing API keys', () => {
  it('shows the secret once, stores only its hash, lists and revokes keys', async () => {
    const created = await createKey(['read'], { name: 'Data warehouse' });
    expect(created.secret).toMatch(/^sw_live_[0-9a-f]{48}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.tokenHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await api(server.app, owner.cookie).get('/api/api-keys');
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'Data warehouse', scopes: ['read'], revokedAt: null });
    expect(listed.createdBy.name).toBe('Ada Lovelace');
    expect(list.body).not.toContain(created.secret);

    const revoked = await api(server.app, owner.cookie).delete(`/api/api-keys/${created.id}`);
    expect(revoked.statusCode).toBe(204);
    const after = (await api(server.app, owner.cookie).get('/api/api-keys')).json();
    expect(after.find((k: { id: string }) => k.id === created.id).revokedAt).not.toBeNull();
    const audits = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
  });

  it('refuses unknown scopes, a past expiry and an empty name, storing nothing', async () => {
    const before = (await api(server.app, owner.cookie).get('/api/api-keys')).json().length;
    const post = (body: object) => api(server.app, owner.cookie).post('/api/api-keys', body);
    expect((await post({ name: 'X', scopes: ['admin'] })).statusCode).toBe(400);
    expect((await post({ name: 'X', scopes: [] })).statusCode).toBe(400);
    expect((await post({ name: ' ', scopes: ['read'] })).statusCode).toBe(400);
    const past = await post({ name: 'X', scopes: ['read'], expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('future');
    expect((await api(server.app, owner.cookie).get('/api/api-keys')).json()).toHaveLength(before);
  });

  it("answers 404 for another organization's key and leaves it live", async () => {
    const theirs = await createKey(['read'], {}, other.cookie);
    expect((await api(server.app, owner.cookie).delete(`/api/api-keys/${theirs.id}`)).statusCode).toBe(404);
    expect((await withKey(theirs.secret, 'GET', '/api/subscriptions')).statusCode).toBe(200);
  });

  it('is for owners and admins only', async () => {
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    expect((await api(server.app, member.cookie).get('/api/api-keys')).statusCode).toBe(403);
    const admin = await addMemberWithSession(db(), owner.orgId, 'admin');
    expect((await api(server.app, admin.cookie).get('/api/api-keys')).statusCode).toBe(200);
  });
});

describe('calling the API with a key', () => {
  it('reads with a read key, and cannot write', async () => {
    const { secret } = await createKey(['read']);
    const list = await withKey(secret, 'GET', '/api/subscriptions');
    expect(list.statusCode).toBe(200);
    const write = await withKey(secret, 'POST', '/api/subscriptions', { name: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('insufficient_scope');
    expect(write.json().message).toContain('applications:write');
  });

  it('with write scopes, still cannot invite, bill, manage keys or reach account routes', async () => {
    const { secret } = await createKey(['write']);
    const invite = await withKey(secret, 'POST', '/api/organization/invitations', {
      email: uniqueEmail('x'),
      role: 'member',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().code).toBe('forbidden');
    const checkout = await withKey(secret, 'POST', '/api/stripe/create-checkout-session', {
      planId: 'scale',
    });
    expect(checkout.statusCode).toBe(403);
    const keys = await withKey(secret, 'POST', '/api/api-keys', { name: 'Escalate', scopes: ['write'] });
    expect(keys.statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api/api-keys')).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api/session')).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api/auth/user')).statusCode).toBe(403);
  });

  it('keeps an area key to its area, and writing implies reading', async () => {
    const { secret } = await createKey(['expenses:write']);
    expect((await withKey(secret, 'GET', '/api/expenses')).statusCode).toBe(200);
    const created = await withKey(secret, 'POST', '/api/expenses', {
      date: '2026-01-15',
      amountMinor: 4200,
      merchant: 'Figma',
    });
    expect(created.statusCode, created.body).toBe(201);
    const apps = await withKey(secret, 'GET', '/api/subscriptions');
    expect(apps.statusCode).toBe(403);
    expect(apps.json().message).toContain('applications:read');
  });

  it('ignores the cookies of a request with a key', async () => {
    const { secret } = await createKey(['read']);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/api-keys',
      headers: { authorization: `Bearer ${secret}`, cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets cookie-less key calls through the CSRF defence, not a cookie-carrying cross-site call', async () => {
    const { secret } = await createKey(['expenses:write']);
    const body = { date: '2026-01-16', amountMinor: 100, merchant: 'Notion' };
    const call = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: {
          authorization: `Bearer ${secret}`,
          origin: 'https://elsewhere.example',
          ...JSON_HEADERS,
          ...headers,
        },
        payload: body,
      });
    expect((await call({})).statusCode).toBe(201);
    const withCookie = await call({ cookie: owner.cookie });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().code).toBe('csrf_rejected');
  });

  it('keeps sessions working behind a proxy that adds Basic authorization', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: { cookie: owner.cookie, authorization: 'Basic c3RhZ2luZzpzZWNyZXQ=' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['ratelimit-limit']).toBeUndefined();
  });

  it('refuses unknown, revoked and expired keys, and keys whose creator lost the admin role', async () => {
    const unknown = await withKey('sw_live_nope', 'GET', '/api/subscriptions');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('invalid_api_key');

    const revoked = await createKey(['read']);
    expect((await withKey(revoked.secret, 'GET', '/api/subscriptions')).statusCode).toBe(200);
    await api(server.app, owner.cookie).delete(`/api/api-keys/${revoked.id}`);
    const after = await withKey(revoked.secret, 'GET', '/api/subscriptions');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('revoked');

    const expiring = await createKey(['read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await db()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await withKey(expiring.secret, 'GET', '/api/subscriptions');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('expired');

    const admin = await addMemberWithSession(db(), owner.orgId, 'admin');
    const adminKey = await createKey(['read'], {}, admin.cookie);
    expect((await withKey(adminKey.secret, 'GET', '/api/subscriptions')).statusCode).toBe(200);
    await api(server.app, owner.cookie).patch(`/api/organization/members/${admin.id}`, { role: 'viewer' });
    expect((await withKey(adminKey.secret, 'GET', '/api/subscriptions')).statusCode).toBe(401);
  });

  it("never reads another organization's records", async () => {
    const theirs = await buildSubscription(db(), other.orgId, { name: 'Secret app' });
    const { secret } = await createKey(['read']);
    expect((await withKey(secret, 'GET', `/api/subscriptions/${theirs.id}`)).statusCode).toBe(404);
    const list = await withKey(secret, 'GET', '/api/subscriptions');
    expect(list.body).not.toContain('Secret app');
  });

  it("names the key in the audit rows of its writes, and stamps the key's last use", async () => {
    const { id, secret } = await createKey(['applications:write']);
    const created = await withKey(secret, 'POST', '/api/subscriptions', {
      name: 'Linear',
      costMinor: 1000,
      billingCycle: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.json().id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.apiKeyId === id && r.userId === owner.id)).toBe(true);
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(key.lastUsedAt).not.toBeNull();
    expect(key.lastUsedIp).toBe('127.0.0.1');
    await withKey(secret, 'GET', '/api/subscriptions');
    const used = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'api_key.used')));
    expect(used).toHaveLength(1);
  });

  it('limits calls per key and minute, with the rate-limit headers', async () => {
    const { secret } = await createKey(['read']);
    const first = await withKey(secret, 'GET', '/api/subscriptions');
    expect(first.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < RATE_LIMIT; i++) await withKey(secret, 'GET', '/api/subscriptions');
    const over = await withKey(secret, 'GET', '/api/subscriptions');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // Sessions are not counted against it.
    expect((await api(server.app, owner.cookie).get('/api/subscriptions')).statusCode).toBe(200);
  });

  it('stops on a downgrade from Scale, keeping the keys', async () => {
    const downgraded = await buildOrgOwner(server.app);
    await setPlan(db(), downgraded.orgId, 'scale');
    const { id, secret } = await createKey(['read'], {}, downgraded.cookie);
    await setPlan(db(), downgraded.orgId, 'pro');
    const refused = await withKey(secret, 'GET', '/api/subscriptions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    expect(refused.json().message).toContain('API access');
    expect(await db().select().from(apiKeys).where(eq(apiKeys.id, id))).toHaveLength(1);
    const manage = await api(server.app, downgraded.cookie).get('/api/api-keys');
    expect(manage.statusCode).toBe(403);
    expect(manage.json().code).toBe('plan_required');
  });
});

describe('the README examples', () => {
  it('list applications, create an expense and fetch renewals', async () => {
    const { secret } = await createKey(['read', 'expenses:write']);
    const apps = await withKey(secret, 'GET', '/api/subscriptions?pageSize=50');
    expect(apps.statusCode).toBe(200);
    expect(apps.json()).toHaveProperty('items');
    const expense = await withKey(secret, 'POST', '/api/expenses', {
      date: '2026-11-02',
      amountMinor: 129900,
      currency: 'USD',
      merchant: 'Atlassian',
      description: 'Jira Cloud, November',
    });
    expect(expense.statusCode, expense.body).toBe(201);
    expect((await withKey(secret, 'GET', '/api/renewals?window=90')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('declares the session and bearer schemes and each operation’s scope', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toBeDefined();
    expect(doc.paths['/api/subscriptions'].get.security).toEqual([
      { session: [] },
      { apiKey: ['applications:read'] },
    ]);
    expect(doc.paths['/api/expenses'].post.security).toEqual([
      { session: [] },
      { apiKey: ['expenses:write'] },
    ]);
    expect(doc.paths['/api/expenses'].post.description).toContain('expenses:write');
    expect(doc.paths['/api/notifications'].get.security).toEqual([{ session: [] }, { apiKey: ['read'] }]);
    expect(doc.paths['/api/session'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/api-keys'].get.security).toEqual([{ session: [] }]);
  });

  it('serves the reference with saved authorization', async () => {
    const script = await server.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.body).toContain('"persistAuthorization":true');
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    // Plain HTTP here: the calls "Try it out" makes must not be upgraded to HTTPS.
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
