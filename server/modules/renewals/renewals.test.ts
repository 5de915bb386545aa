import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, renewalDecisions, subscriptions, users } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const clock = fixedClock('2026-03-10T08:00:00Z'); // today = 2026-03-10
const server = useTestServer({ clock });

async function orgWithRenewals() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  await db.update(users).set({ firstName: 'Grace', lastName: 'Hopper' }).where(eq(users.id, owner.id));
  const build = (overrides: Parameters<typeof buildSubscription>[2]) =>
    buildSubscription(db, owner.orgId, overrides);
  const apps = {
    // 15 days left, cancel-by 5 days before → 10 days to cancel-by
    slack: await build({
      name: 'Slack',
      billingCycle: 'annual',
      amountMinor: 120_000,
      nextRenewalDate: '2026-03-25',
      noticePeriodDays: 5,
      ownerUserId: owner.id,
    }),
    zoom: await build({
      name: 'Zoom',
      billingCycle: 'monthly',
      amountMinor: 2_000,
      nextRenewalDate: '2026-04-20',
      autoRenew: false,
    }),
    figma: await build({
      name: 'Figma',
      billingCycle: 'quarterly',
      amountMinor: 30_000,
      currency: 'EUR',
      nextRenewalDate: '2026-06-01',
      noticePeriodDays: 30,
    }),
    jira: await build({
      name: 'Jira',
      billingCycle: 'annual',
      amountMinor: 500_000,
      nextRenewalDate: '2026-12-01',
    }),
    far: await build({ name: 'Far future', nextRenewalDate: '2027-06-01' }),
    overdue: await build({
      name: 'Legacy CRM',
      billingCycle: 'annual',
      amountMinor: 90_000,
      nextRenewalDate: '2026-03-01',
      autoRenew: false,
    }),
    cancelled: await build({ name: 'Gone', status: 'cancelled', nextRenewalDate: '2026-03-20' }),
    archived: await build({ name: 'Archived', archivedAt: new Date(), nextRenewalDate: '2026-03-20' }),
    undated: await build({ name: 'No date', nextRenewalDate: null }),
  };
  return { owner, client: api(server.app, owner.cookie), apps };
}

type Item = { name: string; status: string };
const names = (body: { items: Item[] }) => body.items.map((i) => i.name);

describe('GET /api/renewals', () => {
  it('lists renewals in the window with cancel-by, days left, annual cost, owner and urgency', async () => {
    const { client, apps, owner } = await orgWithRenewals();
    const response = await client.get('/api/renewals?window=30');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.today).toBe('2026-03-10');
    expect(names(body)).toEqual(['Legacy CRM', 'Slack']);
    expect(body.items[1]).toEqual({
      subscriptionId: apps.slack.id,
      name: 'Slack',
      vendorName: null,
      ownerUserId: owner.id,
      ownerName: 'Grace Hopper',
      renewalDate: '2026-03-25',
      cancelByDate: '2026-03-20',
      daysLeft: 15,
      daysToCancelBy: 10,
      noticePeriodDays: 5,
      billingCycle: 'annual',
      intervalMonths: null,
      startDate: '2026-01-01',
      costPerCycleMinor: 120_000,
      annualCostMinor: 120_000,
      currency: 'USD',
      autoRenew: true,
      status: 'upcoming',
      decision: null,
      notes: null,
      urgency: 'medium',
    });
    expect(body.items[0]).toMatchObject({ status: 'overdue', urgency: 'overdue', daysLeft: -9 });
  });

  it('totals count and annual spend per window (30/60/90/365), per currency', async () => {
    const { client } = await orgWithRenewals();
    const body = (await client.get('/api/renewals')).json();
    expect(body.window).toBe(90);
    expect(names(body)).toEqual(['Legacy CRM', 'Slack', 'Zoom', 'Figma']);
    // Upcoming only (today through today + N − 1; the overdue Legacy CRM is listed, not counted):
    // what the window charges (every charge at its per-cycle amount) and the yearly value renewing.
    // In the organization's currency (USD) at today's rate: EUR has no rate here, so it is listed apart.
    const usd = (
      window: number,
      count: number,
      dueMinor: number,
      annualCostMinor: number,
      eur?: number[],
    ) => ({
      window,
      count,
      amounts: [
        { currency: 'USD', dueMinor, annualCostMinor },
        ...(eur ? [{ currency: 'EUR', dueMinor: eur[0], annualCostMinor: eur[1] }] : []),
      ],
      currency: 'USD',
      dueMinor,
      annualCostMinor,
      unconverted: eur ? ['EUR'] : [],
    });
    expect(body.totals).toEqual([
      usd(30, 1, 120_000, 120_000),
      usd(60, 2, 122_000, 144_000),
      usd(90, 3, 124_000, 144_000, [30_000, 120_000]),
      // Slack once, Zoom eleven months from April 20, Jira once; Figma quarterly: June, September,
      // December, March.
      usd(365, 4, 120_000 + 11 * 2_000 + 500_000, 644_000, [120_000, 120_000]),
    ]);
  });

  it('filters by owner, status and auto-renew', async () => {
    const { client, owner } = await orgWithRenewals();
    expect(names((await client.get(`/api/renewals?window=365&ownerUserId=${owner.id}`)).json())).toEqual([
      'Slack',
    ]);
    expect(names((await client.get('/api/renewals?window=365&status=overdue')).json())).toEqual([
      'Legacy CRM',
    ]);
    expect(names((await client.get('/api/renewals?window=365&autoRenewOnly=true')).json())).toEqual([
      'Slack',
      'Figma',
      'Jira',
    ]);
    expect(names((await client.get('/api/renewals?window=365&autoRenewOnly=false')).json())).toHaveLength(5);
    for (const bad of ['window=45', 'status=maybe', 'ownerUserId=nope', 'autoRenewOnly=yes']) {
      expect((await client.get(`/api/renewals?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('PATCH /api/renewals/:subscriptionId', () => {
  it('records the decision for the current renewal date, keeps notes, and audits it', async () => {
    const { client, apps, owner } = await orgWithRenewals();
    const reviewing = await client.patch(`/api/renewals/${apps.slack.id}`, {
      status: 'reviewing',
      notes: 'Ask for 10% off',
    });
    expect(reviewing.statusCode).toBe(200);
    expect(reviewing.json()).toMatchObject({
      outcome: 'saved',
      renewal: { status: 'reviewing', notes: 'Ask for 10% off' },
    });
    const renegotiate = await client.patch(`/api/renewals/${apps.slack.id}`, { status: 'renegotiate' });
    expect(renegotiate.json().renewal).toMatchObject({ status: 'renegotiate', notes: 'Ask for 10% off' });
    const rows = await server.database.db
      .select()
      .from(renewalDecisions)
      .where(eq(renewalDecisions.subscriptionId, apps.slack.id));
    expect(rows).toEqual([
      expect.objectContaining({
        renewalDate: '2026-03-25',
        status: 'renegotiate',
        resolution: 'renegotiate',
        decidedBy: owner.id,
      }),
    ]);
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, apps.slack.id), eq(auditEvents.action, 'renewal.decide')));
    expect(audit).toHaveLength(2);
    const history = (await client.get(`/api/renewals/${apps.slack.id}/history`)).json();
    expect(history).toEqual([
      {
        renewalDate: '2026-03-25',
        status: 'renegotiate',
        notes: 'Ask for 10% off',
        decidedByName: 'Grace Hopper',
        settled: false,
      },
    ]);
  });

  it('a renew decision on an overdue manual renewal rolls it forward by its cycle at once', async () => {
    const { client, apps } = await orgWithRenewals();
    const response = await client.patch(`/api/renewals/${apps.overdue.id}`, { status: 'renew' });
    expect(response.json()).toMatchObject({
      outcome: 'rolled',
      renewal: { renewalDate: '2027-03-01', status: 'upcoming' },
    });
    const history = (await client.get(`/api/renewals/${apps.overdue.id}/history`)).json();
    expect(history).toEqual([
      expect.objectContaining({ renewalDate: '2026-03-01', status: 'done', settled: true }),
    ]);
  });

  it('a cancel decision on a passed date cancels the application', async () => {
    const { client, apps } = await orgWithRenewals();
    const response = await client.patch(`/api/renewals/${apps.overdue.id}`, {
      status: 'cancel',
      notes: 'Replaced by HubSpot',
    });
    expect(response.json()).toEqual({ outcome: 'cancelled', renewal: null });
    const [row] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, apps.overdue.id));
    expect(row.status).toBe('cancelled');
    expect(names((await client.get('/api/renewals?window=365')).json())).not.toContain('Legacy CRM');
  });

  it('rejects bad input, cancelled, archived and undated applications, and other tenants', async () => {
    const { client, apps } = await orgWithRenewals();
    const other = await orgWithRenewals();
    expect((await client.patch(`/api/renewals/${apps.slack.id}`, { status: 'maybe' })).statusCode).toBe(400);
    expect(
      (await client.patch(`/api/renewals/${apps.slack.id}`, { status: 'renew', notes: 'x'.repeat(5001) }))
        .statusCode,
    ).toBe(400);
    expect((await client.patch(`/api/renewals/${apps.cancelled.id}`, { status: 'renew' })).statusCode).toBe(
      409,
    );
    expect((await client.patch(`/api/renewals/${apps.archived.id}`, { status: 'renew' })).statusCode).toBe(
      404,
    );
    expect((await client.patch(`/api/renewals/${apps.undated.id}`, { status: 'renew' })).statusCode).toBe(
      400,
    );
    expect(
      (await client.patch(`/api/renewals/${other.apps.slack.id}`, { status: 'cancel' })).statusCode,
    ).toBe(404);
    expect((await client.get(`/api/renewals/${other.apps.slack.id}/history`)).statusCode).toBe(404);
    const decisions = await server.database.db
      .select()
      .from(renewalDecisions)
      .where(eq(renewalDecisions.organizationId, other.owner.orgId));
    expect(decisions).toEqual([]);
  });

  it('viewers read renewals but cannot decide; members can', async () => {
    const { owner, apps } = await orgWithRenewals();
    const viewer = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'viewer')).cookie,
    );
    expect((await viewer.get('/api/renewals')).statusCode).toBe(200);
    expect((await viewer.patch(`/api/renewals/${apps.slack.id}`, { status: 'renew' })).statusCode).toBe(403);
    const member = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'member')).cookie,
    );
    expect((await member.patch(`/api/renewals/${apps.slack.id}`, { status: 'renew' })).statusCode).toBe(200);
  });
});
