import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../../common/dates';
import { auditEvents, expenses, notifications, organizations, subscriptions } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
const clock = fixedClock('2026-06-20T10:00:00Z');
beforeAll(async () => {
  server = await getTestServer({ clock });
});
afterAll(() => server.close());

async function setup() {
  const owner = await buildOrgOwner(server.app);
  return { owner, client: api(server.app, owner.cookie), db: server.database.db };
}

const stored = (orgId: string) =>
  server.database.db.select().from(expenses).where(eq(expenses.organizationId, orgId));

describe('review queue and rule learning', () => {
  it('lists unmatched expenses with weak suggestions, and a manual match with learn applies to past and future ones', async () => {
    const { owner, client, db } = await setup();
    const analytics = await buildSubscription(db, owner.orgId, {
      name: 'Product analytics',
      amountMinor: 50000,
    });
    const past = [];
    for (const date of ['2026-03-03', '2026-04-03', '2026-05-03']) {
      past.push(
        (
          await client.post('/api/expenses', {
            date,
            amountMinor: 50000,
            merchant: `SQ *ACME ANLYTCS ${date.replaceAll('-', '')}`,
          })
        ).json(),
      );
    }
    const queue = (await client.get('/api/expenses?match=unmatched')).json();
    expect(queue.total).toBe(3);
    expect(past.every((e) => e.merchantKey === 'ACME ANLYTCS')).toBe(true);

    const response = await client.post(`/api/expenses/${past[0].id}/match`, {
      subscriptionId: analytics.id,
      learn: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.expense).toMatchObject({
      subscriptionId: analytics.id,
      matchMethod: 'manual',
      matchStatus: 'matched',
    });
    expect(body.rule).toMatchObject({
      pattern: 'ACME ANLYTCS',
      matchType: 'exact',
      subscriptionId: analytics.id,
      learned: true,
    });
    expect(body.appliedCount).toBe(2);
    expect((await client.get('/api/expenses?match=unmatched')).json().total).toBe(0);
    const byRule = (await stored(owner.orgId)).filter((e) => e.matchMethod === 'rule');
    expect(byRule).toHaveLength(2);

    const future = (
      await client.post('/api/expenses', {
        date: '2026-06-03',
        amountMinor: 50000,
        merchant: 'SQ *ACME ANLYTCS 0603',
      })
    ).json();
    expect(future).toMatchObject({ subscriptionId: analytics.id, matchMethod: 'rule', matchConfidence: 1 });
    expect((await client.get('/api/expenses/rules')).json()).toHaveLength(1);
  });

  it('matches without learning, and refuses an application of another organization', async () => {
    const { owner, client, db } = await setup();
    const other = await setup();
    const mine = await buildSubscription(db, owner.orgId, { name: 'Tool' });
    const theirs = await buildSubscription(db, other.owner.orgId, { name: 'Tool' });
    const a = (
      await client.post('/api/expenses', { date: '2026-06-01', amountMinor: 100, merchant: 'MYSTERY LTD' })
    ).json();
    const b = (
      await client.post('/api/expenses', { date: '2026-06-02', amountMinor: 100, merchant: 'MYSTERY LTD' })
    ).json();
    expect((await client.post(`/api/expenses/${a.id}/match`, { subscriptionId: theirs.id })).statusCode).toBe(
      400,
    );
    const matched = (await client.post(`/api/expenses/${a.id}/match`, { subscriptionId: mine.id })).json();
    expect(matched).toMatchObject({ rule: null, appliedCount: 0 });
    expect((await client.get(`/api/expenses/${b.id}`)).json().matchStatus).toBe('unmatched');
    expect((await client.get('/api/expenses/rules')).json()).toEqual([]);
  });

  it('creates, edits and deletes rules; a contains rule matches unmatched expenses at once', async () => {
    const { owner, client, db } = await setup();
    const coffee = await buildSubscription(db, owner.orgId, { name: 'Office coffee' });
    const tea = await buildSubscription(db, owner.orgId, { name: 'Office tea' });
    await client.post('/api/expenses', {
      date: '2026-06-01',
      amountMinor: 450,
      merchant: 'STARBUCKS STORE 0042 SEATTLE',
    });
    const created = await client.post('/api/expenses/rules', {
      pattern: 'starbucks',
      matchType: 'contains',
      subscriptionId: coffee.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      pattern: 'STARBUCKS',
      appliedCount: 1,
      subscriptionName: 'Office coffee',
      learned: false,
    });
    expect(
      (
        await client.post('/api/expenses/rules', {
          pattern: 'STARBUCKS',
          matchType: 'contains',
          subscriptionId: tea.id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await client.post('/api/expenses/rules', { pattern: 'x', subscriptionId: tea.id })).statusCode,
    ).toBe(400);
    const other = await setup();
    const foreign = await buildSubscription(db, other.owner.orgId);
    expect(
      (await client.post('/api/expenses/rules', { pattern: 'TEAHOUSE', subscriptionId: foreign.id }))
        .statusCode,
    ).toBe(400);
    const id = created.json().id;
    expect(
      (await client.patch(`/api/expenses/rules/${id}`, { subscriptionId: tea.id })).json(),
    ).toMatchObject({ subscriptionId: tea.id });
    expect(
      (await other.client.patch(`/api/expenses/rules/${id}`, { subscriptionId: tea.id })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/expenses/rules/${id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/expenses/rules/${id}`)).statusCode).toBe(204);
    expect((await client.get('/api/expenses/rules')).json()).toEqual([]);
  });

  it('re-runs matching over unmatched expenses after an application is added', async () => {
    const { owner, client, db } = await setup();
    const e = (
      await client.post('/api/expenses', {
        date: '2026-06-01',
        amountMinor: 1200,
        merchant: 'LINEAR.APP 1234',
      })
    ).json();
    expect(e.matchStatus).toBe('unmatched');
    await buildSubscription(db, owner.orgId, { name: 'Linear', catalogSlug: 'linear' });
    expect((await client.post('/api/expenses/rematch')).json()).toEqual({ matched: 1 });
    expect((await client.get(`/api/expenses/${e.id}`)).json()).toMatchObject({
      matchStatus: 'matched',
      subscriptionName: 'Linear',
    });
  });
});

describe('discovery of unregistered applications', () => {
  async function yearOfCharges(client: ReturnType<typeof api>) {
    const today = '2026-06-20';
    for (let m = 11; m >= 0; m--) {
      const date = addMonths('2026-06-05', -m);
      // A tool nobody registered: monthly, with card-posting jitter.
      await client.post('/api/expenses', {
        date: addDays(date, m % 3),
        amountMinor: m > 2 ? 2900 : 3200,
        merchant: `PADDLE.NET* RETOOLIFY ${m}`,
      });
      // Noise: different amounts every time, and a one-off.
      await client.post('/api/expenses', { date, amountMinor: 1000 + m * 900, merchant: 'UBER *TRIP' });
    }
    await client.post('/api/expenses', {
      date: '2026-02-11',
      amountMinor: 55000,
      merchant: 'CONFERENCE TICKETS LTD',
    });
    // An annual charge from a catalogue tool.
    await client.post('/api/expenses', {
      date: '2025-06-03',
      amountMinor: 36000,
      merchant: 'MIRO.COM AMSTERDAM',
    });
    await client.post('/api/expenses', {
      date: '2026-06-01',
      amountMinor: 36000,
      merchant: 'MIRO.COM AMSTERDAM',
    });
    return today;
  }

  it('proposes recurring unmatched charges with cycle, amount and vendor, pre-filled from the catalogue', async () => {
    const { client } = await setup();
    await yearOfCharges(client);
    const discoveries = (await client.get('/api/expenses/discoveries')).json();
    // Largest spend first.
    expect(discoveries.map((d: { merchantKey: string }) => d.merchantKey)).toEqual(['MIRO', 'RETOOLIFY']);
    expect(discoveries[1]).toMatchObject({
      name: 'Retoolify',
      vendorName: 'Retoolify',
      catalogSlug: null,
      billingCycle: 'monthly',
      amountMinor: 3200,
      currency: 'USD',
      occurrences: 12,
    });
    expect(discoveries[0]).toMatchObject({
      name: 'Miro',
      catalogSlug: 'miro',
      billingCycle: 'annual',
      amountMinor: 36000,
      occurrences: 2,
    });
  });

  it('accepts a proposal: creates the application, matches its charges and remembers the merchant', async () => {
    const { owner, client } = await setup();
    await yearOfCharges(client);
    const accepted = await client.post('/api/expenses/discoveries/accept', { merchantKey: 'MIRO' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ matched: 2 });
    const [app] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, accepted.json().subscriptionId));
    expect(app).toMatchObject({
      organizationId: owner.orgId,
      name: 'Miro',
      catalogSlug: 'miro',
      billingCycle: 'annual',
      amountMinor: 36000,
      startDate: '2025-06-03',
      nextRenewalDate: '2027-06-01',
    });
    const miro = (await client.get(`/api/expenses?subscriptionId=${app.id}`)).json();
    expect(miro.items.every((e: { matchMethod: string }) => e.matchMethod === 'discovery')).toBe(true);
    // One audit row for the acceptance, the learnt rule as its step (the application's create is its own).
    const audit = await server.database.db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, owner.orgId));
    expect(audit.map((a) => a.action)).not.toContain('expense_rule.learn');
    expect(audit.find((a) => a.action === 'expense.discovery_accept')?.changes).toMatchObject({
      merchantKey: 'MIRO',
      matched: 2,
      steps: [{ action: 'expense_rule.learn', entityType: 'expense_rule', changes: { pattern: 'MIRO' } }],
    });
    expect(
      (await client.get('/api/expenses/discoveries'))
        .json()
        .map((d: { merchantKey: string }) => d.merchantKey),
    ).toEqual(['RETOOLIFY']);
    const next = (
      await client.post('/api/expenses', {
        date: '2027-06-01',
        amountMinor: 36000,
        merchant: 'MIRO.COM AMSTERDAM',
      })
    ).json();
    expect(next.subscriptionId).toBe(app.id);
    expect(
      (await client.post('/api/expenses/discoveries/accept', { merchantKey: 'NOTHING' })).statusCode,
    ).toBe(404);
    expect(
      (await client.post('/api/expenses/discoveries/dismiss', { merchantKey: 'RETOOLIFY' })).json(),
    ).toEqual({ ignored: 12 });
    expect((await client.get('/api/expenses/discoveries')).json()).toEqual([]);
  });

  it("respects the Starter plan's 15 applications", async () => {
    const { owner, client, db } = await setup();
    for (let i = 0; i < 15; i++) await buildSubscription(db, owner.orgId, { name: `App ${i}` });
    await yearOfCharges(client);
    const refused = await client.post('/api/expenses/discoveries/accept', { merchantKey: 'RETOOLIFY' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_limit', requiredPlan: 'pro' });
    expect((await client.get('/api/expenses?match=unmatched')).json().total).toBeGreaterThan(12);
    await db.update(organizations).set({ subscriptionPlan: 'pro' }).where(eq(organizations.id, owner.orgId));
    expect(
      (await client.post('/api/expenses/discoveries/accept', { merchantKey: 'RETOOLIFY' })).statusCode,
    ).toBe(201);
  });
});

describe('reconciliation', () => {
  it('compares expected and actual spend per month and raises one cost alert for a charge over the tolerance', async () => {
    const { owner, client, db } = await setup();
    const app = await buildSubscription(db, owner.orgId, {
      name: 'Zoom',
      catalogSlug: 'zoom',
      amountMinor: 10000,
      billingCycle: 'monthly',
      startDate: '2026-01-10',
      nextRenewalDate: '2026-07-10',
    });
    for (const [date, amountMinor] of [
      ['2026-02-10', 10000],
      ['2026-03-10', 10000],
      ['2026-04-10', 10900], // within 10%
      ['2026-05-10', 12500], // 25% above
      ['2026-06-10', 12500],
    ] as const) {
      await client.post('/api/expenses', { date, amountMinor, merchant: 'ZOOM.US 888-799-9666 CA' });
    }
    const spend = (await client.get(`/api/subscriptions/${app.id}/spend?months=6`)).json();
    expect(spend).toMatchObject({ currency: 'USD', costPerCycleMinor: 10000, monthlyEquivalentMinor: 10000 });
    expect(
      spend.months.map((m: { month: string; expectedMinor: number; actualMinor: number }) => [
        m.month,
        m.expectedMinor,
        m.actualMinor,
      ]),
    ).toEqual([
      ['2026-01', 10000, 0],
      ['2026-02', 10000, 10000],
      ['2026-03', 10000, 10000],
      ['2026-04', 10000, 10900],
      ['2026-05', 10000, 12500],
      ['2026-06', 10000, 12500],
    ]);
    expect(spend.months[4].variancePercent).toBe(25);
    expect(
      spend.flagged.map((f: { date: string; overExpectedPercent: number }) => [
        f.date,
        f.overExpectedPercent,
      ]),
    ).toEqual([
      ['2026-06-10', 25],
      ['2026-05-10', 25],
    ]);
    await server.app.deps.events.drain(); // cost alerts follow the write as an event
    const alerts = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, owner.orgId), eq(notifications.type, 'cost-alert')));
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({
      subscriptionId: app.id,
      priority: 'low', // $25 over expected
      title: 'Zoom charged 25% more than expected',
    });
    // Editing the expense again raises nothing new; raising the tolerance clears the flag.
    const flagged = (await client.get('/api/expenses?flagged=true')).json();
    expect(flagged.total).toBe(2);
    await client.patch(`/api/expenses/${flagged.items[0].id}`, { notes: 'asked the vendor' });
    await server.app.deps.events.drain();
    expect(
      await db.select().from(notifications).where(eq(notifications.organizationId, owner.orgId)),
    ).toHaveLength(2);
    const settings = (await client.get('/api/settings/notifications')).json();
    const put = await client.put('/api/settings/notifications', {
      rules: { ...settings.rules, costAlert: { enabled: true, thresholdPct: 30 } },
      channels: {
        email: settings.channels.email,
        slack: { enabled: false, webhookUrl: null },
        webhook: { enabled: false, url: null },
      },
    });
    expect(put.statusCode).toBe(200);
    await client.patch(`/api/expenses/${flagged.items[0].id}`, { amountMinor: 12600 });
    expect((await client.get(`/api/expenses/${flagged.items[0].id}`)).json().overExpectedPercent).toBeNull();
    expect((await client.get(`/api/subscriptions/${app.id}/spend`)).json().months).toHaveLength(12);
  });

  it('flags a charge dated after the application was cancelled ("still being charged")', async () => {
    const { owner, client, db } = await setup();
    const created = await client.post('/api/subscriptions', {
      name: 'Figma',
      catalogSlug: 'figma',
      amountMinor: 4500,
      billingCycle: 'monthly',
      startDate: '2026-01-15',
    });
    const app = created.json();
    clock.set('2026-05-01T09:00:00Z');
    expect((await client.patch(`/api/subscriptions/${app.id}`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    clock.set('2026-06-20T10:00:00Z');
    const before = (
      await client.post('/api/expenses', {
        date: '2026-04-15',
        amountMinor: 4500,
        merchant: 'FIGMA MONTHLY RENEWAL',
      })
    ).json();
    const after = (
      await client.post('/api/expenses', {
        date: '2026-05-15',
        amountMinor: 4500,
        merchant: 'FIGMA MONTHLY RENEWAL',
      })
    ).json();
    expect(before).toMatchObject({ subscriptionId: app.id, chargedAfterCancellation: false });
    expect(after).toMatchObject({ subscriptionId: app.id, chargedAfterCancellation: true });
    await server.app.deps.events.drain();
    const [alert] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, owner.orgId));
    expect(alert).toMatchObject({
      type: 'cost-alert',
      priority: 'low', // a $45 charge
      title: 'Still being charged for Figma',
      subscriptionId: app.id,
    });
    expect(alert.message).toContain('cancelled on May 1, 2026');
    const spend = (await client.get(`/api/subscriptions/${app.id}/spend?months=6`)).json();
    expect(spend.months.find((m: { month: string }) => m.month === '2026-05')).toMatchObject({
      expectedMinor: 0,
      actualMinor: 4500,
    });
    const other = await setup();
    expect((await other.client.get(`/api/subscriptions/${app.id}/spend`)).statusCode).toBe(404);
  });
});
