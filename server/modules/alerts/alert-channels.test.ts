import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications } from '../../db/schema';
import { testScheduler } from '../../test/scheduler';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildSubscription } from '../../test/factories';
import { useAlertChannels } from '../../test/alert-channels';
import { alertsJob } from './alerts.job';

const clock = fixedClock('2026-09-01T07:00:00Z');
const channels = useAlertChannels(clock);

const rules = {
  cancelBy: { enabled: true, offsets: [90, 60, 30, 14, 7, 1] },
  dueSoon: { enabled: true, offsets: [7] },
  overdue: { enabled: true },
  autoRenewal: { enabled: true, offsets: [3] },
  contractExpiry: { enabled: true, offsets: [60, 30, 7] },
  costAlert: { enabled: true, thresholdPct: 10 },
};

/** A Growth organization with webhook + Slack + e-mail to owners, and an application due for a reminder. */
async function configuredOrg(path: string) {
  const { owner, client, saved } = await channels.growthOrg(path, rules);
  const secret: string = saved.json().webhookSecret;
  expect(secret).toMatch(/^whsec_/);
  // cancel-by = renewal − 0 days: the 7-day reminder is due today.
  const sub = await buildSubscription(channels.server.database.db, owner.orgId, {
    name: `Figma ${path}`,
    nextRenewalDate: '2026-09-08',
    noticePeriodDays: 0,
  });
  return { owner, client, secret, sub };
}

const runJob = () => testScheduler(channels.server.app.deps, [alertsJob]).tick();
const retryTick = () => channels.server.app.deps.scheduler.runTasks();
const hmac = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('alert channels', () => {
  it('e-mails the owner immediately through SMTP, posts to Slack and a signed webhook', async () => {
    const { owner, client, secret, sub } = await configuredOrg('/a');
    await client.put('/api/settings/notifications/me', { emailMode: 'immediate' });
    await runJob();

    const mail = await channels.smtp.waitFor(owner.email);
    expect(mail.subject).toBe(`[Stackwise] Figma /a: cancel-by date in 7 days`);
    expect(mail.text).toContain('Review renewal: http://localhost:3000/app/renewals');
    // The renewal reminder links the application's negotiation pack too.
    expect(mail.text).toContain(`Negotiation pack: http://localhost:3000/app/renewals/${sub.id}/pack`);
    expect(mail.html).toContain(
      `<a href="http://localhost:3000/app/renewals/${sub.id}/pack">Negotiation pack</a>`,
    );

    const hook = channels.hooks.received.find((r) => r.url === '/hook/a')!;
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-stackwise-signature']).toBe(hmac(secret, hook.body));
    expect(Number(hook.headers['x-stackwise-timestamp'])).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'notification.created',
      organization: { id: owner.orgId },
      notification: {
        type: 'due-soon',
        priority: 'medium', // $1,200 a year, 7 days left
        subscriptionId: sub.id,
        subscriptionName: 'Figma /a',
        actionUrl: 'http://localhost:3000/app/renewals',
      },
    });

    const message = JSON.parse(channels.slack.received.find((r) => r.url === '/slack/a')!.body);
    expect(message.text).toContain('Figma /a: cancel-by date in 7 days');
    expect(message.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(message.blocks[0].text.text).toContain('<http://localhost:3000/app/renewals|Review renewal>');

    const deliveries = await channels.server.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.organizationId, owner.orgId));
    expect(deliveries.map((d) => [d.channel, d.status, d.attempts]).sort()).toEqual([
      ['email', 'sent', 1],
      ['slack', 'sent', 1],
      ['webhook', 'sent', 1],
    ]);
  });

  it('retries a webhook that answered 500 with back-off, from the scheduler tick, until it succeeds', async () => {
    channels.hooks.respondWith(500);
    const { owner, secret } = await configuredOrg('/retry');
    await runJob();
    const [failed] = await channels.server.database.db
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.organizationId, owner.orgId),
          eq(notificationDeliveries.channel, 'webhook'),
        ),
      );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 500 });
    expect(failed.nextAttemptAt.getTime() - clock.now().getTime()).toBe(60_000);

    await retryTick(); // back-off not over yet: nothing is sent
    expect(channels.hooks.received.filter((r) => r.url === '/hook/retry')).toHaveLength(1);

    clock.advance(61_000);
    await retryTick();
    const attempts = channels.hooks.received.filter((r) => r.url === '/hook/retry');
    expect(attempts).toHaveLength(2);
    expect(attempts[1].headers['x-stackwise-delivery']).toBe(attempts[0].headers['x-stackwise-delivery']);
    for (const attempt of attempts)
      expect(attempt.headers['x-stackwise-signature']).toBe(hmac(secret, attempt.body));
    const [sent] = await channels.server.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, failed.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, responseStatus: 200 });

    await retryTick();
    expect(channels.hooks.received.filter((r) => r.url === '/hook/retry')).toHaveLength(2);
  });

  it('sends members who chose the digest one e-mail with all their alerts', async () => {
    const { owner } = await configuredOrg('/digest');
    const admin = await addMember(channels.server.app, channels.server.database.db, owner.orgId, 'admin');
    await api(channels.server.app, owner.cookie).put('/api/settings/notifications', {
      rules,
      channels: {
        email: { enabled: true, roles: ['owner', 'admin'], applicationOwner: true },
        slack: { enabled: false, webhookUrl: null },
        webhook: { enabled: false, url: null },
      },
    });
    await buildSubscription(channels.server.database.db, owner.orgId, {
      name: 'Miro',
      nextRenewalDate: '2026-09-02',
      noticePeriodDays: 0,
    });
    await runJob(); // owner and admin keep the default: the daily digest
    const mail = await channels.smtp.waitFor(admin.email);
    expect(mail.subject).toBe('[Stackwise] Daily digest: 2 alerts');
    expect(mail.text).toContain('Miro: cancel-by date tomorrow');
    expect(mail.text).toContain('Figma /digest: cancel-by date in 7 days');
    await channels.smtp.waitFor(owner.email);
    expect(channels.smtp.received.filter((m) => JSON.stringify(m.to).includes(admin.email))).toHaveLength(1);
  });

  it('sends a signed test to the webhook and Slack, and reports a failing receiver', async () => {
    const { client, secret } = await configuredOrg('/test');
    const webhook = await client.post('/api/settings/notifications/test', { channel: 'webhook' });
    expect(webhook.json()).toEqual({ ok: true, message: 'Delivered (HTTP 200).', responseStatus: 200 });
    const received = channels.hooks.received.find((r) => r.url === '/hook/test')!;
    expect(JSON.parse(received.body).event).toBe('test');
    expect(received.headers['x-stackwise-signature']).toBe(hmac(secret, received.body));
    expect((await client.post('/api/settings/notifications/test', { channel: 'slack' })).json().ok).toBe(
      true,
    );
    channels.slack.respondWith(404);
    expect((await client.post('/api/settings/notifications/test', { channel: 'slack' })).json()).toEqual({
      ok: false,
      message: 'The receiver answered HTTP 404.',
      responseStatus: 404,
    });
  });

  it('delivers cost and budget alerts from expense writes, with the one cost threshold of the rules', async () => {
    const { owner, client } = await configuredOrg('/cost');
    const db = channels.server.database.db;
    const zoom = await buildSubscription(db, owner.orgId, {
      name: 'Zoom /cost',
      amountMinor: 10_000,
      billingCycle: 'monthly',
      currency: 'USD',
    });
    const charge = (date: string, amountMinor: number) =>
      client.post('/api/expenses', {
        date,
        amountMinor,
        currency: 'USD',
        merchant: 'ZOOM.US',
        subscriptionId: zoom.id,
      });
    expect((await charge('2026-09-01', 13_000)).json().overExpectedPercent).toBe(30);
    expect((await charge('2026-09-01', 10_900)).json().overExpectedPercent).toBeNull(); // 9% < 10%
    expect(
      (
        await client.post('/api/budgets', {
          name: 'Software',
          period: 'monthly',
          amountMinor: 20_000,
          scope: 'organization',
        })
      ).statusCode,
    ).toBe(201);
    await retryTick();

    const sent = channels.hooks.received
      .filter((r) => r.url === '/hook/cost')
      .map((r) => JSON.parse(r.body).notification as { type: string; title: string });
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'cost-alert', title: 'Zoom /cost charged 30% more than expected' }),
        expect.objectContaining({ type: 'budget-alert', title: 'Software is over budget' }),
      ]),
    );
    expect(sent.filter((n) => n.type === 'cost-alert')).toHaveLength(1);
    expect(
      channels.slack.received.some((r) => r.url === '/slack/cost' && r.body.includes('more than expected')),
    ).toBe(true);

    // Settings → Notifications holds the only threshold: at 50%, a 40% rise is no longer flagged.
    const settings = (await client.get('/api/settings/notifications')).json();
    await client.put('/api/settings/notifications', {
      rules: { ...rules, costAlert: { enabled: true, thresholdPct: 50 } },
      channels: {
        email: { ...settings.channels.email },
        slack: settings.channels.slack,
        webhook: { enabled: true, url: settings.channels.webhook.url },
      },
    });
    expect((await charge('2026-08-29', 14_000)).json().overExpectedPercent).toBeNull();
    const costAlerts = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, owner.orgId), eq(notifications.type, 'cost-alert')));
    expect(costAlerts).toHaveLength(1);
  });
});
