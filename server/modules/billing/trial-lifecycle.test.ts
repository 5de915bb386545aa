import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, organizations } from '../../db/schema';
import { dailyJobs } from '../../jobs';
import { testScheduler } from '../../test/scheduler';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setOrganization } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';

// The trial starts at 15:00 on June 1st and ends at 15:00 on June 15th; the job runs daily.
const START = '2026-06-01T15:00:00Z';
const END = new Date('2026-06-15T15:00:00Z');
const clock = fixedClock(START);
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const db = () => server.database.db;
const orgRow = async (id: string) =>
  (await db().select().from(organizations).where(eq(organizations.id, id)))[0];
const tick = () => testScheduler(server.app.deps, dailyJobs).tick();
const mailsTo = (email: string) =>
  smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({ clock, env: { SMTP_URL: smtp.url, GRACE_DAYS: '7' } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function ownerOnTrial() {
  clock.set(START);
  const owner = await buildOrgOwner(server.app);
  const started = await api(server.app, owner.cookie).post('/api/trial/start', { planId: 'pro' });
  expect(started.statusCode).toBe(200);
  return owner;
}

describe('trial lifecycle job', () => {
  it('is one of the daily jobs', () => {
    expect(dailyJobs.map((j) => j.name)).toContain('trial-lifecycle');
  });

  it('active → converted to the paid plan when a payment method and auto-renew exist', async () => {
    const owner = await ownerOnTrial();
    await setOrganization(db(), owner.orgId, { hasPaymentMethod: true, autoRenewTrial: true });
    clock.set('2026-06-15T00:05:00Z');
    await tick();
    expect(await orgRow(owner.orgId)).toMatchObject({ accountStatus: 'trial', subscriptionPlan: 'starter' });
    clock.set('2026-06-16T00:05:00Z');
    await tick();
    expect(await orgRow(owner.orgId)).toMatchObject({
      accountStatus: 'active',
      subscriptionPlan: 'pro',
      graceEndsAt: null,
    });
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.organizationId, owner.orgId));
    expect(audits.map((a) => a.action)).toContain('organization.trial_converted');
    expect((await api(server.app, owner.cookie).get('/api/organization')).json().effectivePlan).toBe('pro');
  });

  it('active → grace_readonly (end + GRACE_DAYS) → trial_expired without payment; reminds once 3 days before', async () => {
    const owner = await ownerOnTrial();
    const client = api(server.app, owner.cookie);

    clock.set('2026-06-11T00:05:00Z'); // 4 days 15 h left → 5 days rounded up: no reminder yet
    await tick();
    expect(mailsTo(owner.email)).toHaveLength(0);

    clock.set('2026-06-12T00:05:00Z'); // 3 days 15 h left → 4 days
    await tick();
    clock.set('2026-06-13T00:05:00Z'); // 2 days 15 h → 3 days: the reminder
    await tick();
    const [reminder] = mailsTo(owner.email);
    expect(reminder.subject).toBe('Your Growth trial ends in 3 days');
    expect(reminder.text).toContain('Jun 15, 2026');
    expect(reminder.text).toContain('http://localhost:3000/app/settings/plans');

    clock.set('2026-06-14T00:05:00Z');
    await tick();
    expect(mailsTo(owner.email)).toHaveLength(1);

    clock.set('2026-06-16T00:05:00Z');
    await tick();
    const graceEndsAt = new Date(END.getTime() + 7 * DAY_MS);
    expect(await orgRow(owner.orgId)).toMatchObject({
      accountStatus: 'grace_readonly',
      subscriptionPlan: 'starter',
      graceEndsAt,
    });
    expect(mailsTo(owner.email).map((m) => m.subject)).toEqual([
      'Your Growth trial ends in 3 days',
      'Your Growth trial has ended',
    ]);
    expect((await client.get('/api/trial/status')).json()).toMatchObject({
      isTrialActive: false,
      accountStatus: 'grace_readonly',
      graceEndsAt: graceEndsAt.toISOString(),
    });

    clock.set('2026-06-22T00:05:00Z'); // grace ends June 22nd 15:00
    await tick();
    expect((await orgRow(owner.orgId)).accountStatus).toBe('grace_readonly');
    clock.set('2026-06-23T00:05:00Z');
    await tick();
    expect((await orgRow(owner.orgId)).accountStatus).toBe('trial_expired');
    expect((await client.get('/api/trial/status')).json().accountStatus).toBe('trial_expired');
    expect(mailsTo(owner.email)).toHaveLength(2);
  });

  it('catches up a long downtime straight to trial_expired', async () => {
    const owner = await ownerOnTrial();
    clock.set('2026-07-20T00:05:00Z');
    await tick();
    expect(await orgRow(owner.orgId)).toMatchObject({
      accountStatus: 'trial_expired',
      graceEndsAt: new Date(END.getTime() + 7 * DAY_MS),
    });
  });

  it('leaves organizations without a trial alone', async () => {
    clock.set(START);
    const owner = await buildOrgOwner(server.app);
    await setOrganization(db(), owner.orgId, { subscriptionPlan: 'scale' });
    clock.set('2026-08-01T00:05:00Z');
    await tick();
    expect(await orgRow(owner.orgId)).toMatchObject({ accountStatus: 'active', subscriptionPlan: 'scale' });
    expect(mailsTo(owner.email)).toHaveLength(0);
  });
});

describe('grace period length', () => {
  it('follows GRACE_DAYS', async () => {
    const other = await getTestServer({ clock, env: { GRACE_DAYS: '3' } });
    try {
      clock.set(START);
      const owner = await buildOrgOwner(other.app);
      await api(other.app, owner.cookie).post('/api/trial/start', { planId: 'scale' });
      clock.set('2026-06-16T00:05:00Z');
      await testScheduler(other.app.deps, dailyJobs).tick();
      const [row] = await other.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, owner.orgId));
      expect(row).toMatchObject({
        accountStatus: 'grace_readonly',
        graceEndsAt: new Date(END.getTime() + 3 * DAY_MS),
      });
    } finally {
      await other.close();
    }
  });
});
