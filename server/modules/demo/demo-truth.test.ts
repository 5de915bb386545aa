// Issue 31, "the demo tells the truth": nothing in the demo company pretends the signed-in user did
// something; "Send now" works on a fresh demo; the organization's daily work runs when the demo is
// loaded and when an organization is created, so renewal and cancel-by alerts exist on day one; and
// no charge, budget or revenue month of the demo lacks an exchange rate.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, memberships, notifications, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, JSON_HEADERS, registerUser, setOrganization, setPlan } from '../../test/factories';
import { buildOrgOwner } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

// A Tuesday; the 10th: the demo's monthly report goes out on the 15th (report-schedules.ts).
const clock = fixedClock('2026-03-10T12:00:00Z');
let server: TestServer;
beforeAll(async () => {
  // A server that plans daily work (the suite's servers plan none by default).
  server = await getTestServer({ clock, env: { SCHEDULER_ENABLED: 'true' } });
});
afterAll(() => server.close());

const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.database.db.execute(query)).rows as T[];

async function loadDemo(currency = 'USD') {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.database.db, owner.orgId, 'scale');
  if (currency !== 'USD') await setOrganization(server.database.db, owner.orgId, { currency });
  const client = api(server.app, owner.cookie);
  const res = await client.post('/api/demo');
  expect(res.statusCode).toBe(201);
  await server.app.deps.queue.drain();
  return { owner, client };
}

/** Every column of the demo's rows that names who did something, and its table. */
const ACTOR_COLUMNS = [
  ['api_keys', 'created_by'],
  ['report_schedules', 'created_by'],
  ['insight_opportunities', 'owner_user_id'],
  ['audit_events', 'user_id'],
  ['renewal_decisions', 'decided_by'],
  ['contracts', 'created_by'],
  ['expenses', 'created_by'],
  ['license_assignments', 'assigned_by'],
  ['subscription_price_changes', 'changed_by'],
  ['budgets', 'created_by'],
  ['allocations', 'updated_by'],
  ['brand_revenue', 'updated_by'],
  ['subscriptions', 'created_by'],
] as const;

describe('the demo company tells the truth', () => {
  let demo: Awaited<ReturnType<typeof loadDemo>>;
  beforeAll(async () => {
    demo = await loadDemo();
  }, 240_000);

  it('names its own people, not the signed-in owner, as the actor of everything it made', async () => {
    const { owner, client } = demo;
    for (const [table, column] of ACTOR_COLUMNS) {
      // What the owner did do: create the workspace and load the demo.
      const ownAction =
        table === 'audit_events' ? sql`and action not in ('organization.create', 'demo.load')` : sql``;
      const [mine] = await rows<{ n: number; actors: number }>(sql`select
          count(*) filter (where ${sql.raw(column)} = ${owner.id})::int as n,
          count(${sql.raw(column)})::int as actors
        from ${sql.raw(table)} where organization_id = ${owner.orgId} ${ownAction}`);
      expect({ table, mine: mine!.n }).toEqual({ table, mine: 0 });
      // Each still names someone: the demo's people.
      expect({ table, actors: mine!.actors > 0 }).toEqual({ table, actors: true });
    }
    // The only things the owner did: create the workspace and load the demo.
    const byOwner = await rows<{ action: string }>(sql`select action from audit_events
      where organization_id = ${owner.orgId} and user_id = ${owner.id} order by action`);
    expect(byOwner.map((e) => e.action)).toEqual(['demo.load', 'organization.create']);

    // The API key's maker, the schedule's author and the audit log's actors are the finance and
    // IT leads of the directory: accounts that cannot sign in and take no seat of the plan.
    const [key] = (await client.get('/api/api-keys')).json();
    expect(key.createdBy.name).toBeTruthy();
    expect(key.createdBy.id).not.toBe(owner.id);
    const actors = await server.database.db.select().from(users).where(eq(users.id, key.createdBy.id));
    expect(actors[0]!.passwordHash.startsWith('!disabled')).toBe(true);
    expect(actors[0]!.email).toMatch(/@northwind\.example$/);
    const [person] = await rows<{ title: string }>(sql`select title from people
      where organization_id = ${owner.orgId} and first_name = ${actors[0]!.firstName} and last_name = ${actors[0]!.lastName}`);
    expect(person!.title).toBe(actors[0]!.jobTitle);
    const members = await server.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, owner.orgId));
    expect(members.map((m) => m.userId)).toEqual([owner.id]);
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: {
        email: actors[0]!.email,
        password: '!disabled: a demo company colleague, who cannot sign in',
      },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('mails its scheduled report to its people, and set up single sign-on months ago', async () => {
    const { owner, client } = demo;
    const [schedule] = (await client.get('/api/report-schedules')).json();
    expect(schedule.recipients.memberIds).toEqual([]);
    expect(schedule.recipients.emails.length).toBeGreaterThan(0);
    expect(schedule.recipients.emails).not.toContain(owner.email);
    const history = (await client.get('/api/report-schedules/deliveries')).json();
    expect(history.length).toBe(3);
    for (const d of history) expect(d.recipients).not.toContain(owner.email);

    const [domain] = await rows<{ verified_at: Date; created_at: Date }>(sql`select verified_at, created_at
      from sso_domains where organization_id = ${owner.orgId}`);
    expect(new Date(domain!.verified_at).getTime()).toBeLessThan(clock.now().getTime() - 100 * 86_400_000);
    const audit = (await client.get('/api/audit?from=2025-09-01&to=2026-03-11&limit=200')).json();
    const verified = audit.items.find((e: { action: string }) => e.action === 'sso.domain_verify');
    expect(verified.actor.userId).not.toBe(owner.id);
    expect(verified.actor.name).toBeTruthy();
  });

  it('sends its scheduled report on "Send now", the last full month, to its people', async () => {
    const { client } = demo;
    const [schedule] = (await client.get('/api/report-schedules')).json();
    const sent = await client.post(`/api/report-schedules/${schedule.id}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ periodKey: '2026-02', status: 'sent' });
    expect(sent.json().recipients).toEqual(schedule.recipients.emails);
  });

  it('has its renewal and cancel-by alerts on day one: today’s daily work ran when it was loaded', async () => {
    const { owner } = demo;
    const runs = await server.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.scope, owner.orgId), eq(jobRuns.runDate, '2026-03-10')));
    expect(runs.find((r) => r.job === 'daily')?.status).toBe('done');
    expect(runs.find((r) => r.job === 'alerts.daily')?.status).toBe('done');
    const alerts = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, owner.orgId));
    const keys = alerts.map((a) => a.dedupeKey ?? '');
    expect(keys.filter((k) => k.startsWith('cancel-by:')).length).toBeGreaterThan(0);
    expect(alerts.filter((a) => a.type === 'due-soon' || a.type === 'auto-renewal').length).toBeGreaterThan(
      2,
    );
  });

  it('has a rate for every charge and revenue month: nothing is left out, no warning shows', async () => {
    const { owner, client } = demo;
    const [missing] = await rows<{ n: number }>(sql`select coalesce(sum(unconverted_count), 0)::int as n
      from expense_month_totals where organization_id = ${owner.orgId}`);
    expect(missing!.n).toBe(0);
    const profitability = (await client.get('/api/brand-profitability')).json();
    expect(profitability.to).toBe('2026-02'); // the last 12 whole months (issue 31)
    expect(profitability.unconverted).toEqual([]);
    // This month's euro revenue is converted at today's rate, not left waiting for the 31st's.
    expect(profitability.unconvertedRevenue).toEqual([]);
    expect(profitability.rateWarnings).toEqual([]);
  });
});

describe('a demo company in another currency', () => {
  it('has a rate for every charge, budget and revenue month too', async () => {
    const { owner, client } = await loadDemo('GBP');
    const [missing] = await rows<{ n: number; charges: number }>(sql`select
        coalesce(sum(unconverted_count), 0)::int as n, coalesce(sum(count), 0)::int as charges
      from expense_month_totals where organization_id = ${owner.orgId}`);
    expect(missing!.charges).toBeGreaterThan(300);
    expect(missing!.n).toBe(0);
    const profitability = (await client.get('/api/brand-profitability')).json();
    expect(profitability.currency).toBe('GBP');
    expect(profitability.rateWarnings).toEqual([]);
  }, 240_000);
});

describe('a new organization', () => {
  it('has its first applications’ renewal alerts as soon as onboarding is done', async () => {
    const user = await registerUser(server.app);
    const step = (payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/onboarding',
        headers: { ...JSON_HEADERS, cookie: user.cookie },
        payload,
      });
    await step({ step: 'profile', firstName: 'Ada', lastName: 'Lovelace' });
    await step({
      step: 'workspace',
      organizationName: 'Day One Ltd',
      currency: 'USD',
      fiscalYearStartMonth: 1,
      companySize: '11-50',
    });
    const client = api(server.app, user.cookie);
    const created = await client.post('/api/subscriptions', {
      name: 'Slack',
      pricingModel: 'flat',
      billingCycle: 'annual',
      amountMinor: 1_200_000,
      currency: 'USD',
      nextRenewalDate: '2026-03-20',
      autoRenew: true,
      noticePeriodDays: 0,
    });
    expect(created.statusCode).toBe(201);
    await server.app.deps.queue.drain();
    const orgId = (await client.get('/api/organization')).json().id as string;
    const before = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, orgId));
    expect(before.filter((n) => n.subscriptionId === created.json().id && n.type !== 'other')).toEqual([]);

    expect((await step({ step: 'apps' })).json().onboardingPhase).toBe('completed');
    await server.app.deps.queue.drain();
    const alerts = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, orgId));
    expect(alerts.map((a) => a.title)).toContain('Slack: cancel-by date in 10 days');
    // Today's run is claimed, as the planner claims it: the planner does not run the day again.
    const runs = await server.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.scope, orgId), eq(jobRuns.job, 'daily')));
    expect(runs.map((r) => [r.runDate, r.status])).toEqual([['2026-03-10', 'done']]);
  });
});
