import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, contracts, subscriptions } from '../../db/schema';
import { testScheduler } from '../../test/scheduler';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { renewalsJob } from './renewals.job';

const clock = fixedClock('2026-01-25T06:00:00Z');
const server = useTestServer({ clock });

const tick = () => testScheduler(server.app.deps, [renewalsJob]).tick();
const row = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

describe('renewals job', () => {
  it('rolls auto-renewing applications forward by their cycle once the date passes, and says so in the audit log', async () => {
    clock.set('2026-01-25T06:00:00Z');
    const owner = await buildOrgOwner(server.app);
    const db = server.database.db;
    const monthly = await buildSubscription(db, owner.orgId, {
      startDate: '2025-10-31',
      nextRenewalDate: '2026-01-31',
      billingCycle: 'monthly',
    });
    const annual = await buildSubscription(db, owner.orgId, {
      startDate: '2025-02-01',
      nextRenewalDate: '2026-02-01',
      billingCycle: 'annual',
      noticePeriodDays: 30,
    });
    const manual = await buildSubscription(db, owner.orgId, {
      nextRenewalDate: '2026-01-31',
      autoRenew: false,
    });
    await tick();
    expect((await row(monthly.id)).nextRenewalDate).toBe('2026-01-31'); // not passed yet

    clock.set('2026-01-31T23:00:00Z'); // on the renewal day itself nothing moves
    await tick();
    expect((await row(monthly.id)).nextRenewalDate).toBe('2026-01-31');

    clock.set('2026-02-01T00:10:00Z');
    await tick();
    const client = api(server.app, owner.cookie); // (also keeps the session alive across the jump)
    expect((await client.get('/api/renewals')).statusCode).toBe(200);
    // Month-end anchored: Jan 31 → Feb 28 (and on to Mar 31 later).
    expect((await row(monthly.id)).nextRenewalDate).toBe('2026-02-28');
    expect((await row(annual.id)).nextRenewalDate).toBe('2026-02-01'); // renews today, not yet passed
    expect((await row(manual.id)).nextRenewalDate).toBe('2026-01-31'); // stays overdue

    clock.set('2026-03-01T08:00:00Z');
    await tick();
    expect((await row(monthly.id)).nextRenewalDate).toBe('2026-03-31');
    expect((await row(annual.id)).nextRenewalDate).toBe('2027-02-01');
    expect(await row(manual.id)).toMatchObject({ nextRenewalDate: '2026-01-31', status: 'active' });

    const audit = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, owner.orgId), eq(auditEvents.action, 'subscription.auto_renewed')),
      );
    expect(audit.map((a) => [a.entityId, a.changes])).toEqual(
      expect.arrayContaining([
        [monthly.id, { nextRenewalDate: { from: '2026-01-31', to: '2026-02-28' } }],
        [annual.id, { nextRenewalDate: { from: '2026-02-01', to: '2027-02-01' } }],
      ]),
    );
    expect(audit.every((a) => a.userId === null)).toBe(true);

    const renewals = (await client.get('/api/renewals?status=overdue')).json();
    expect(renewals.items.map((i: { subscriptionId: string }) => i.subscriptionId)).toEqual([manual.id]);
  });

  it('catches up after downtime: a weekly app missed for several weeks lands on the next date', async () => {
    clock.set('2026-04-01T08:00:00Z');
    const owner = await buildOrgOwner(server.app);
    const weekly = await buildSubscription(server.database.db, owner.orgId, {
      startDate: '2026-03-04',
      nextRenewalDate: '2026-04-01',
      billingCycle: 'weekly',
    });
    await tick();
    clock.set('2026-04-20T08:00:00Z'); // the server was down for almost three weeks
    await tick();
    expect((await row(weekly.id)).nextRenewalDate).toBe('2026-04-22');
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, weekly.id), eq(auditEvents.action, 'subscription.auto_renewed')))
      .orderBy(auditEvents.createdAt);
    // The scheduler replays the missed days it catches up (the last 7): two renewals passed in them.
    expect(audit.map((a) => a.changes)).toEqual([
      { nextRenewalDate: { from: '2026-04-01', to: '2026-04-15' } },
      { nextRenewalDate: { from: '2026-04-15', to: '2026-04-22' } },
    ]);
  });

  it('applies decisions when the date passes: cancel cancels, renew rolls a manual renewal forward', async () => {
    clock.set('2026-05-01T08:00:00Z');
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const db = server.database.db;
    const toCancel = await buildSubscription(db, owner.orgId, {
      nextRenewalDate: '2026-05-10',
      billingCycle: 'annual',
    });
    const toRenew = await buildSubscription(db, owner.orgId, {
      nextRenewalDate: '2026-05-10',
      billingCycle: 'quarterly',
      autoRenew: false,
    });
    expect((await client.patch(`/api/renewals/${toCancel.id}`, { status: 'cancel' })).json().outcome).toBe(
      'saved',
    );
    expect((await client.patch(`/api/renewals/${toRenew.id}`, { status: 'renew' })).json().outcome).toBe(
      'saved',
    );
    clock.set('2026-05-11T08:00:00Z');
    await tick();
    expect(await row(toCancel.id)).toMatchObject({ status: 'cancelled', nextRenewalDate: '2026-05-10' });
    expect(await row(toRenew.id)).toMatchObject({ status: 'active', nextRenewalDate: '2026-08-10' });
    const actions = await db
      .select({ action: auditEvents.action, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, owner.orgId));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'subscription.cancelled', entityId: toCancel.id },
        { action: 'subscription.renewed', entityId: toRenew.id },
      ]),
    );
  });

  it('renews an auto-renewing contract into its successor instead of rolling by the billing cycle', async () => {
    clock.set('2026-06-01T08:00:00Z');
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'pro');
    const client = api(server.app, owner.cookie);
    const sub = await buildSubscription(server.database.db, owner.orgId, { billingCycle: 'monthly' });
    const contract = (
      await client.post(`/api/subscriptions/${sub.id}/contracts`, {
        title: 'Enterprise order',
        startDate: '2025-07-01',
        endDate: '2026-06-30',
        renewalTermMonths: 12,
        noticePeriodDays: 60,
      })
    ).json();
    expect((await row(sub.id)).nextRenewalDate).toBe('2026-06-30');
    clock.set('2026-07-02T08:00:00Z');
    await tick();
    expect((await row(sub.id)).nextRenewalDate).toBe('2027-06-30');
    const all = await server.database.db.select().from(contracts).where(eq(contracts.subscriptionId, sub.id));
    expect(all.map((c) => [c.status, c.startDate, c.endDate, c.replacesContractId]).sort()).toEqual([
      ['active', '2026-07-01', '2027-06-30', contract.id],
      ['renewed', '2025-07-01', '2026-06-30', null],
    ]);
    // One audit row for the renewal: the contract's renewal is its step, not a row of its own.
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, owner.orgId));
    expect(audit.map((e) => e.action)).not.toContain('contract.renew');
    const renewed = audit.filter((e) => e.action === 'subscription.auto_renewed');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.changes).toMatchObject({
      contractId: all.find((c) => c.status === 'active')!.id,
      steps: [{ action: 'contract.renew', entityId: contract.id }],
    });
  });

  it('expires non-renewing contracts that are no longer the application’s open renewal', async () => {
    clock.set('2026-08-01T08:00:00Z');
    const owner = await buildOrgOwner(server.app);
    await setPlan(server.database.db, owner.orgId, 'pro');
    const client = api(server.app, owner.cookie);
    const sub = await buildSubscription(server.database.db, owner.orgId, { nextRenewalDate: '2027-01-01' });
    const pilot = (
      await client.post(`/api/subscriptions/${sub.id}/contracts`, {
        title: 'Pilot',
        startDate: '2026-05-01',
        endDate: '2026-07-31',
        autoRenew: false,
      })
    ).json();
    // The pilot moved the renewal date to its end; the main contract (later end) takes over.
    await client.post(`/api/subscriptions/${sub.id}/contracts`, {
      title: 'Main',
      startDate: '2026-08-01',
      endDate: '2027-07-31',
    });
    await tick();
    expect((await client.get(`/api/contracts/${pilot.id}`)).json().status).toBe('expired');
    expect((await row(sub.id)).nextRenewalDate).toBe('2027-07-31');
  });
});
