import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPage } from '../../../common/contracts/audit';
import { auditEvents } from '../../db/schema';
import { systemContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import { fixedClock } from '../../lib/clock';
import {
  addMember,
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildPerson,
  buildSubscription,
  JSON_HEADERS,
  setOrganization,
  setPlan,
  STRONG_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { testScheduler } from '../../test/scheduler';
import { getTestServer, type TestServer } from '../../test/test-server';
import { auditRetentionJob } from './audit.job';

const NOW = '2026-12-01T07:00:00Z';
const clock = fixedClock(NOW);
let server: TestServer;
let a: TestUser & { orgId: string };
let b: TestUser & { orgId: string };

beforeAll(async () => {
  server = await getTestServer({ clock });
  a = await buildOrgOwner(server.app, { orgName: 'Audit A' });
  b = await buildOrgOwner(server.app, { orgName: 'Audit B' });
  await setPlan(db(), a.orgId, 'scale');
  await setPlan(db(), b.orgId, 'scale');
});
afterAll(() => server.close());

const db = () => server.app.deps.db;
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000);

/** Stores an event as if it had happened `at` (the API stamps the database's clock). */
async function seed(orgId: string, values: Partial<typeof auditEvents.$inferInsert> & { createdAt: Date }) {
  const [row] = await db()
    .insert(auditEvents)
    .values({ organizationId: orgId, action: 'subscription.update', entityType: 'subscription', ...values })
    .returning();
  return row!;
}

const page = async (user: TestUser, query = '') => {
  const response = await api(server.app, user.cookie).get(`/api/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuditPage;
};

/** Every event of a (filtered) log, walking the pages. */
async function everything(user: TestUser, filters: string, limit: number) {
  const events: AuditEvent[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?${filters}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const result = await page(user, query);
    events.push(...result.items);
    cursor = result.nextCursor;
  } while (cursor);
  return events;
}

describe('GET /api/audit', () => {
  it('pages newest first without losing or repeating events that share a timestamp', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    const at = daysAgo(3);
    // Seven events in the same microsecond, and three a day apart.
    for (let i = 0; i < 7; i += 1) await seed(org.orgId, { createdAt: at, entityId: `same-${i}` });
    for (let i = 0; i < 3; i += 1)
      await seed(org.orgId, { createdAt: daysAgo(10 + i), entityId: `old-${i}` });
    const all = await everything(org, 'entityType=subscription', 3);
    expect(all).toHaveLength(10);
    expect(new Set(all.map((e) => e.id)).size).toBe(10);
    const times = all.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.slice(7).map((e) => e.entityId)).toEqual(['old-0', 'old-1', 'old-2']);
    expect((await api(server.app, org.cookie).get('/api/audit?cursor=nonsense')).statusCode).toBe(400);
  });

  it('filters by category, action, actor, API key, dates, entity and text', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    // Only the events below (sign-up and onboarding recorded their own at the database's time).
    await db().delete(auditEvents).where(eq(auditEvents.organizationId, org.orgId));
    const keyId = crypto.randomUUID();
    await seed(org.orgId, {
      createdAt: daysAgo(40),
      action: 'team.member_role_change',
      entityType: 'user',
      entityId: org.id,
      userId: org.id,
      changes: { role: { from: 'member', to: 'admin' } },
    });
    await seed(org.orgId, {
      createdAt: daysAgo(5),
      action: 'subscription.update',
      entityId: 'app-1',
      userId: org.id,
      changes: { amountMinor: { from: 1000, to: 1500 }, currency: 'EUR' },
    });
    await seed(org.orgId, {
      createdAt: daysAgo(2),
      action: 'expense.create',
      entityType: 'expense',
      apiKeyId: keyId,
    });
    await seed(org.orgId, {
      createdAt: daysAgo(1),
      action: 'person.delete',
      entityType: 'person',
      entityId: 'person-7',
    });
    await seed(org.orgId, { createdAt: daysAgo(1), action: 'widget.frobnicate', entityType: 'widget' });
    const actions = async (query: string) => (await page(org, `?${query}`)).items.map((e) => e.action);

    expect(await actions('category=team')).toEqual(['team.member_role_change']);
    expect(await actions('category=money')).toEqual(['expense.create', 'subscription.update']);
    expect(await actions('category=deletion')).toEqual(['person.delete']);
    // Actions the catalogue does not know yet fall back to their area, else to settings.
    expect(await actions('category=settings')).toContain('widget.frobnicate');
    expect(await actions('action=person.delete')).toEqual(['person.delete']);
    expect(await actions(`actor=${org.id}`)).toEqual(['subscription.update', 'team.member_role_change']);
    expect(await actions(`actor=${keyId}`)).toEqual(['expense.create']);
    const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    expect(await actions(`from=${day(6)}&to=${day(2)}`)).toEqual(['expense.create', 'subscription.update']);
    expect(await actions('entityType=person&entityId=person-7')).toEqual(['person.delete']);
    // Free text finds the action's label, the entity and what changed.
    expect(await actions('q=role%20changed')).toEqual(['team.member_role_change']);
    expect(await actions('q=admin')).toEqual(['team.member_role_change']);
    expect(await actions('q=person-7')).toEqual(['person.delete']);
    expect(await actions('q=100%25')).toEqual([]);

    const { items } = await page(org, '?action=subscription.update');
    expect(items[0]).toMatchObject({
      label: 'Application price changed',
      category: 'money',
      summary: expect.stringContaining('Amount: €10.00 → €15.00'),
      actor: { type: 'user', userId: org.id, name: 'Ada Lovelace', email: org.email },
    });
    const [byKey] = (await page(org, `?actor=${keyId}`)).items;
    expect(byKey!.actor).toMatchObject({ type: 'api_key', apiKeyId: keyId });
    expect((await page(org, '?action=widget.frobnicate')).items[0]).toMatchObject({
      label: 'Widget frobnicate',
      actor: { type: 'system' },
    });
    expect((await api(server.app, org.cookie).get('/api/audit?category=nope')).statusCode).toBe(400);
  });

  it('names which part of Stackwise acted when nobody clicked', async () => {
    await recordAudit(db(), systemContext(a.orgId, 'inbound mail', new Date(NOW)), {
      action: 'subscription.create',
      entityType: 'subscription',
      entityId: null,
    });
    const stored = await db()
      .select({ systemActor: auditEvents.systemActor, userId: auditEvents.userId })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, a.orgId), eq(auditEvents.action, 'subscription.create')));
    expect(stored).toEqual([{ systemActor: 'inbound mail', userId: null }]);
    const [shown] = (await page(a, '?action=subscription.create')).items;
    expect(shown?.actor).toMatchObject({ type: 'system', userId: null, systemName: 'inbound mail' });
  });

  it("never shows another organization's events", async () => {
    const secret = await seed(a.orgId, {
      createdAt: daysAgo(1),
      action: 'budget.delete',
      entityId: 'secret',
    });
    expect((await page(b, '?q=secret')).items).toEqual([]);
    expect((await page(b, `?actor=${a.id}`)).items).toEqual([]);
    expect((await page(b)).items.map((e) => e.id)).not.toContain(secret.id);
    expect((await page(a, '?q=secret')).items.map((e) => e.id)).toEqual([secret.id]);
  });

  it('is for owners and admins, on Scale', async () => {
    const admin = await addMemberWithSession(db(), a.orgId, 'admin');
    expect((await api(server.app, admin.cookie).get('/api/audit')).statusCode).toBe(200);
    for (const role of ['member', 'viewer'] as const) {
      const user = await addMemberWithSession(db(), a.orgId, role);
      for (const url of ['/api/audit', '/api/audit/export.csv', '/api/audit/settings']) {
        expect((await api(server.app, user.cookie).get(url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    // Growth (plan id `pro`).
    const growth = await buildOrgOwner(server.app);
    await setPlan(db(), growth.orgId, 'pro');
    const refused = await api(server.app, growth.cookie).get('/api/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    expect((await api(server.app, growth.cookie).get('/api/audit/export.csv')).statusCode).toBe(403);
  });
});

describe('GET /api/audit/export.csv', () => {
  it('exports the filtered log with formulas neutralised, and audits the export', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    await seed(org.orgId, {
      createdAt: daysAgo(1),
      action: 'vendor.update',
      entityType: 'vendor',
      entityId: '=HYPERLINK("http://evil.example")',
      userId: org.id,
      ip: '203.0.113.9',
      changes: { name: { from: 'Acme', to: 'Acme, "Inc"' } },
    });
    await seed(org.orgId, { createdAt: daysAgo(1), action: 'budget.create', entityType: 'budget' });
    const response = await api(server.app, org.cookie).get('/api/audit/export.csv?category=money&q=vendor');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('audit-log-');
    const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0]).toMatchObject({
      Action: 'vendor.update',
      Description: 'Vendor updated',
      Actor: 'Ada Lovelace',
      'Target id': `'=HYPERLINK("http://evil.example")`,
      Changes: 'Name: Acme → Acme, "Inc"',
      IP: '203.0.113.9',
    });
    const [exported] = (await page(org, '?action=audit.export')).items;
    expect(exported).toMatchObject({ category: 'export', actor: { userId: org.id } });
    expect(exported!.summary).toContain('Rows: 1');
  });
});

describe('audit settings and retention', () => {
  it('keeps 365 days by default, takes only the offered choices, and audits a change', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    const client = api(server.app, org.cookie);
    expect((await client.get('/api/audit/settings')).json()).toEqual({ retentionDays: 365 });
    expect((await client.put('/api/audit/settings', { retentionDays: 42 })).statusCode).toBe(400);
    expect((await client.put('/api/audit/settings', { retentionDays: '90' })).statusCode).toBe(400);
    expect((await client.get('/api/audit/settings')).json()).toEqual({ retentionDays: 365 });
    const saved = await client.put('/api/audit/settings', { retentionDays: 90 });
    expect(saved.json()).toEqual({ retentionDays: 90 });
    expect((await client.get('/api/audit/settings')).json()).toEqual({ retentionDays: 90 });
    const [event] = (await page(org, '?action=audit.retention_update')).items;
    expect(event!.summary).toBe('Retention days: 365 → 90');
    const member = await addMemberWithSession(db(), org.orgId, 'member');
    expect(
      (await api(server.app, member.cookie).put('/api/audit/settings', { retentionDays: 0 })).statusCode,
    ).toBe(403);
  });

  it("the daily step deletes what the organization's retention no longer keeps", async () => {
    const short = await buildOrgOwner(server.app);
    const forever = await buildOrgOwner(server.app);
    await setOrganization(db(), short.orgId, { auditRetentionDays: 90 });
    await setOrganization(db(), forever.orgId, { auditRetentionDays: 0 });
    const old = await seed(short.orgId, { createdAt: daysAgo(91) });
    const kept = await seed(short.orgId, { createdAt: daysAgo(89) });
    const ancient = await seed(forever.orgId, { createdAt: daysAgo(4000) });
    await testScheduler(server.app.deps, [auditRetentionJob]).tick();
    const ids = async (orgId: string) =>
      (await db().select().from(auditEvents).where(eq(auditEvents.organizationId, orgId))).map((e) => e.id);
    expect(await ids(short.orgId)).not.toContain(old.id);
    expect(await ids(short.orgId)).toContain(kept.id);
    expect(await ids(forever.orgId)).toContain(ancient.id);
  });
});

describe('what the log records', () => {
  const actionsOf = async (orgId: string, action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.action, action)));

  it('password sign-ins, and failed ones, in the organization the session lands in', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    const member = await addMember(server.app, db(), org.orgId, 'member');
    const login = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...JSON_HEADERS, 'user-agent': 'AuditTest/1.0' },
        payload: { email: member.email, password },
      });
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login('not-the-password')).statusCode).toBe(401);
    const signIns = (await page(org, '?category=sign_in')).items.filter((e) => e.actor.userId === member.id);
    expect(signIns.map((e) => e.action)).toEqual(['auth.login_failed', 'auth.login']);
    expect(signIns[1]).toMatchObject({ label: 'Signed in', userAgent: 'AuditTest/1.0' });
    expect(signIns[1]!.ip).toBeTruthy();
  });

  it('role changes, price changes, deletions, exports and plan changes', async () => {
    const org = await buildOrgOwner(server.app);
    await setPlan(db(), org.orgId, 'scale');
    const client = api(server.app, org.cookie);
    const member = await addMemberWithSession(db(), org.orgId, 'member');
    expect((await client.patch(`/api/organization/members/${member.id}`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    const app = await buildSubscription(db(), org.orgId, { amountMinor: 10_000 });
    expect((await client.patch(`/api/subscriptions/${app!.id}`, { amountMinor: 12_000 })).statusCode).toBe(
      200,
    );
    const person = await buildPerson(db(), org.orgId);
    expect((await client.delete(`/api/people/${person.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/subscriptions/export?format=csv')).statusCode).toBe(200);
    expect((await client.get('/api/export?format=json')).statusCode).toBe(200);
    expect((await client.get('/api/insights/export?format=csv')).statusCode).toBe(200);

    const events = (await page(org)).items;
    const find = (action: string) => events.find((e) => e.action === action);
    expect(find('team.member_role_change')).toMatchObject({
      targetName: 'Test member',
      category: 'team',
      summary: expect.stringContaining('admin'),
    });
    expect(find('subscription.update')).toMatchObject({
      label: 'Application price changed',
      summary: 'Amount: 100.00 → 120.00',
    });
    expect(find('person.delete')).toMatchObject({ category: 'deletion' });
    expect(find('export.applications')).toMatchObject({ category: 'export', label: 'Applications exported' });
    expect(find('export.all_data')).toMatchObject({ category: 'export' });
    expect(find('insight.export')).toMatchObject({ category: 'export', label: 'Savings pipeline exported' });

    expect((await client.post('/api/billing/downgrade')).statusCode).toBe(200);
    const [downgrade] = await actionsOf(org.orgId, 'organization.downgrade');
    expect(downgrade!.changes).toMatchObject({ subscriptionPlan: { from: 'scale', to: 'starter' } });
  });
});
