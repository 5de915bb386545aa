// Every application gets a renewal date (given, from its start date, or a cycle after today), on
// create, edit and import, so it reaches Renewals and the alert engine.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { testScheduler } from '../../test/scheduler';
import { useTestServerAt } from '../../test/test-server-at';
import { dailyJobs } from '../../jobs';

const { server, ownerWithClient } = useTestServerAt('2026-01-31T12:00:00Z');

const owner = ownerWithClient;

describe('renewal date when none is given', () => {
  it('counts one cycle from today without a start date, keeping month ends', async () => {
    const { client } = await owner();
    const cases = [
      ['weekly', '2026-02-07'],
      ['monthly', '2026-02-28'],
      ['quarterly', '2026-04-30'],
      ['annual', '2027-01-31'],
    ] as const;
    for (const [billingCycle, expected] of cases) {
      const res = await client.post('/api/subscriptions', {
        name: `Tool ${billingCycle}`,
        billingCycle,
        amountMinor: 100,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ nextRenewalDate: expected, cancelByDate: expected });
    }
    const multi = await client.post('/api/subscriptions', {
      name: 'Three years',
      billingCycle: 'multi-year',
      intervalMonths: 36,
    });
    expect(multi.json().nextRenewalDate).toBe('2029-01-31');
  });

  it('leaves a cancelled application without dates undated, and keeps a date that was given', async () => {
    const { client } = await owner();
    const cancelled = await client.post('/api/subscriptions', { name: 'Old tool', status: 'cancelled' });
    expect(cancelled.json().nextRenewalDate).toBeNull();
    const given = await client.post('/api/subscriptions', {
      name: 'Given',
      startDate: '2025-06-01',
      nextRenewalDate: '2026-09-15',
    });
    expect(given.json().nextRenewalDate).toBe('2026-09-15');
  });

  it('recomputes on edit when the date is cleared or the schedule changes, and not otherwise', async () => {
    const { client } = await owner();
    const app = (
      await client.post('/api/subscriptions', {
        name: 'Miro',
        startDate: '2025-03-15',
        nextRenewalDate: '2026-02-20',
      })
    ).json();
    const rename = await client.patch(`/api/subscriptions/${app.id}`, {
      name: 'Miro Business',
      startDate: '2025-03-15',
      billingCycle: 'monthly',
    });
    expect(rename.json().nextRenewalDate).toBe('2026-02-20'); // same schedule: the given date stays
    const cleared = await client.patch(`/api/subscriptions/${app.id}`, { nextRenewalDate: null });
    expect(cleared.json().nextRenewalDate).toBe('2026-02-15'); // from the start date
    const annual = await client.patch(`/api/subscriptions/${app.id}`, { billingCycle: 'annual' });
    expect(annual.json().nextRenewalDate).toBe('2026-03-15');
    const restarted = await client.patch(`/api/subscriptions/${app.id}`, { startDate: '2025-12-31' });
    expect(restarted.json().nextRenewalDate).toBe('2026-12-31');
    const explicit = await client.patch(`/api/subscriptions/${app.id}`, {
      billingCycle: 'monthly',
      nextRenewalDate: '2026-02-03',
    });
    expect(explicit.json().nextRenewalDate).toBe('2026-02-03');

    const undated = (await client.post('/api/subscriptions', { name: 'No dates' })).json();
    const clearedNoStart = await client.patch(`/api/subscriptions/${undated.id}`, { nextRenewalDate: null });
    expect(clearedNoStart.json().nextRenewalDate).toBe('2026-02-28');
  });

  it('gives imported rows the same rule', async () => {
    const { client } = await owner();
    const csv =
      'Name,Cost,Billing cycle,Start date,Status\nNo dates,10,Monthly,,active\nStarted,120,Annual,2024-05-10,active\nGone,5,Monthly,,cancelled\n';
    const preview = (
      await client.post('/api/subscriptions/import/preview', { csv, filename: 'apps.csv' })
    ).json();
    const commit = await client.post('/api/subscriptions/import/commit', { importId: preview.importId });
    expect(commit.statusCode, commit.body).toBe(201);
    const { items } = (await client.get('/api/subscriptions')).json();
    const dates = Object.fromEntries(
      items.map((s: { name: string; nextRenewalDate: string | null }) => [s.name, s.nextRenewalDate]),
    );
    expect(dates).toEqual({ 'No dates': '2026-02-28', Started: '2026-05-10', Gone: null });
  });

  it('reaches Renewals and the alert engine', async () => {
    const { client, orgId } = await owner();
    const app = (
      await client.post('/api/subscriptions', { name: 'Loom', billingCycle: 'weekly', amountMinor: 1_500 })
    ).json();
    const renewals = (await client.get('/api/renewals?window=30')).json();
    expect(renewals.items.map((r: { subscriptionId: string }) => r.subscriptionId)).toContain(app.id);
    await testScheduler(
      server.app.deps,
      dailyJobs.filter((j) => j.name === 'alerts.daily'),
    ).tick();
    const sent = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, orgId));
    expect(sent.map((n) => n.subscriptionId)).toContain(app.id);
  });
});
