import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { addDays } from '../../../common/dates';
import { contracts, jobRuns, notifications } from '../../db/schema';
import { testScheduler } from '../../test/scheduler';
import { fixedClock } from '../../lib/clock';
import { buildOrgOwner, buildSubscription } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { alertsJob } from './alerts.job';

const clock = fixedClock('2026-07-01T07:00:00Z');
const server = useTestServer({ clock });

const scheduler = (deps = server.app.deps) => testScheduler(deps, [alertsJob]);
const day = () => clock.now().toISOString().slice(0, 10);
const setDay = (date: string, time = '07:00:00') => clock.set(`${date}T${time}Z`);

async function orgNotifications(orgId: string) {
  return server.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.organizationId, orgId))
    .orderBy(asc(notifications.createdAt), asc(notifications.dedupeKey));
}

describe('alert engine (daily job)', () => {
  it('sends each cancel-by reminder exactly once, on its day, with its priority, run day by day', async () => {
    setDay('2026-07-01');
    const owner = await buildOrgOwner(server.app);
    const sub = await buildSubscription(server.database.db, owner.orgId, {
      name: 'Slack',
      billingCycle: 'annual',
      amountMinor: 1_200_000,
      nextRenewalDate: '2026-12-01',
      noticePeriodDays: 30, // cancel-by 2026-11-01
    });
    const run = scheduler();
    for (let d = '2026-07-01'; d <= '2026-11-30'; d = addDays(d, 1)) {
      setDay(d);
      await run.tick();
      await run.tick(); // a second tick the same day changes nothing
    }
    const rows = await orgNotifications(owner.orgId);
    const created = (key: string) => {
      const row = rows.find((r) => r.dedupeKey === key);
      return row ? [row.createdAt.toISOString().slice(0, 10), row.priority] : null;
    };
    // $12,000 a year: a heads-up 90 and 60 days out, high inside the 30-day decision window.
    expect(created(`cancel-by:${sub.id}:2026-12-01:90`)).toEqual(['2026-08-03', 'medium']);
    expect(created(`cancel-by:${sub.id}:2026-12-01:60`)).toEqual(['2026-09-02', 'medium']);
    expect(created(`cancel-by:${sub.id}:2026-12-01:30`)).toEqual(['2026-10-02', 'high']);
    expect(created(`cancel-by:${sub.id}:2026-12-01:14`)).toEqual(['2026-10-18', 'high']);
    expect(created(`cancel-by:${sub.id}:2026-12-01:7`)).toEqual(['2026-10-25', 'high']);
    expect(created(`cancel-by:${sub.id}:2026-12-01:1`)).toEqual(['2026-10-31', 'high']);
    expect(created(`due-soon:${sub.id}:2026-12-01:7`)).toEqual(['2026-11-24', 'high']);
    expect(created(`auto-renewal:${sub.id}:2026-12-01:3`)).toEqual(['2026-11-28', 'high']);
    expect(rows).toHaveLength(8);
    expect(
      rows.find((r) => r.dedupeKey?.endsWith(':7') && r.dedupeKey.startsWith('cancel-by')),
    ).toMatchObject({
      type: 'due-soon',
      title: 'Slack: cancel-by date in 7 days',
      subscriptionId: sub.id,
      actionUrl: '/app/renewals',
      actionText: 'Review renewal',
    });
    expect(rows.find((r) => r.type === 'auto-renewal')).toMatchObject({
      actionUrl: `/app/subscriptions/${sub.id}`,
      message: 'Slack will be charged $12,000.00 on Dec 1, 2026 unless it is cancelled.',
    });
  });

  it('runs once with two scheduler instances on the same database, and dedupes across a restart', async () => {
    setDay('2026-09-01');
    const owner = await buildOrgOwner(server.app);
    await buildSubscription(server.database.db, owner.orgId, {
      nextRenewalDate: '2026-09-08',
      noticePeriodDays: 0,
    });
    const first = scheduler();
    const second = scheduler({ ...server.app.deps });
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    expect((await orgNotifications(owner.orgId)).map((n) => n.dedupeKey)).toEqual([
      expect.stringMatching(/^cancel-by:.*:2026-09-08:7$/),
    ]);

    // "Restart": a new app process on the same database, which even loses the day's claim.
    await server.database.db
      .delete(jobRuns)
      .where(and(eq(jobRuns.scope, owner.orgId), eq(jobRuns.runDate, day())));
    const restarted = await buildApp({ env: server.env, database: server.database, clock, logger: false });
    await restarted.ready();
    await testScheduler(restarted.deps, [alertsJob]).tick();
    await restarted.close();
    expect(await orgNotifications(owner.orgId)).toHaveLength(1);
  });

  it('catches up after a gap: missed days run on the next start and the latest due reminder still arrives', async () => {
    setDay('2026-10-01');
    const owner = await buildOrgOwner(server.app);
    const sub = await buildSubscription(server.database.db, owner.orgId, {
      nextRenewalDate: '2026-11-30',
      noticePeriodDays: 30,
    });
    // cancel-by 2026-10-31: the 30-day reminder is due on the first run.
    await scheduler().tick();
    setDay('2026-10-10');
    await scheduler().tick();
    setDay('2026-10-28'); // down from Oct 11 to Oct 27; the scheduler replays the last 7 days
    await scheduler().tick();
    const keys = (await orgNotifications(owner.orgId)).map((n) => [
      n.dedupeKey,
      n.createdAt.toISOString().slice(0, 10),
    ]);
    expect(keys).toEqual([
      [`cancel-by:${sub.id}:2026-11-30:30`, '2026-10-01'],
      [`cancel-by:${sub.id}:2026-11-30:14`, '2026-10-28'], // missed on Oct 17, sent late but sent
      [`cancel-by:${sub.id}:2026-11-30:7`, '2026-10-28'],
    ]);
    const runs = await server.database.db
      .select({ runDate: jobRuns.runDate })
      .from(jobRuns)
      .where(and(eq(jobRuns.scope, owner.orgId), eq(jobRuns.job, 'alerts.daily')))
      .orderBy(asc(jobRuns.runDate));
    expect(runs.map((r) => r.runDate)).toEqual([
      '2026-10-01',
      ...['04', '05', '06', '07', '08', '09', '10'].map((d) => `2026-10-${d}`),
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
    ]);
  });

  it('raises overdue once for a manual renewal left undecided, and a contract-expiry reminder', async () => {
    setDay('2026-06-01');
    const owner = await buildOrgOwner(server.app);
    const manual = await buildSubscription(server.database.db, owner.orgId, {
      name: 'Legacy CRM',
      billingCycle: 'annual',
      amountMinor: 600_000,
      nextRenewalDate: '2026-05-30',
      autoRenew: false,
    });
    const [contract] = await server.database.db
      .insert(contracts)
      .values({
        organizationId: owner.orgId,
        subscriptionId: manual.id,
        title: 'Support addendum',
        startDate: '2025-07-01',
        endDate: '2026-07-01',
        autoRenew: false,
      })
      .returning();
    await scheduler().tick();
    setDay('2026-06-02');
    await scheduler().tick();
    const expiry = (await orgNotifications(owner.orgId)).filter((n) => n.type === 'contract-expiry');
    expect(expiry).toEqual([
      expect.objectContaining({
        title: 'Contract "Support addendum" for Legacy CRM ends in 30 days',
        priority: 'medium',
        dedupeKey: `contract-expiry:${contract.id}:2026-07-01:30`,
        actionUrl: `/app/subscriptions/${manual.id}`,
      }),
    ]);
    const overdue = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, owner.orgId), like(notifications.dedupeKey, 'overdue:%')));
    expect(overdue).toEqual([
      expect.objectContaining({
        type: 'overdue',
        priority: 'high',
        title: 'Legacy CRM renewal is overdue',
        subscriptionId: manual.id,
        dedupeKey: `overdue:${manual.id}:2026-05-30`,
        actionText: 'Decide now',
      }),
    ]);
  });
  it('raises no renewal alert for a $0.00-a-year auto-renewal, and still does for a paid one', async () => {
    setDay('2026-10-01');
    const owner = await buildOrgOwner(server.app);
    const free = await buildSubscription(server.database.db, owner.orgId, {
      name: 'Free tier',
      billingCycle: 'annual',
      amountMinor: 0,
      autoRenew: true,
      nextRenewalDate: '2026-10-20',
      noticePeriodDays: 0,
    });
    const paid = await buildSubscription(server.database.db, owner.orgId, {
      name: 'Paid tier',
      billingCycle: 'annual',
      amountMinor: 120_000,
      autoRenew: true,
      nextRenewalDate: '2026-10-20',
      noticePeriodDays: 0,
    });
    const run = scheduler();
    for (let d = '2026-10-01'; d <= '2026-10-21'; d = addDays(d, 1)) {
      setDay(d);
      await run.tick();
    }
    const rows = await orgNotifications(owner.orgId);
    expect(rows.filter((r) => r.subscriptionId === free.id)).toEqual([]);
    expect(rows.filter((r) => r.subscriptionId === paid.id).length).toBeGreaterThan(0);
  });
});
