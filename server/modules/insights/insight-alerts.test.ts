import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES } from '../../../common/alerts';
import { domainEvents, notificationDeliveries, notifications } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import type { DomainEvent } from '../../lib/events/domain-events';
import { publishEvent } from '../../lib/events/publish';
import { api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { useAlertChannels } from '../../test/alert-channels';
import { insightAlertsHandler } from './insight-alerts';
import { saveInsightSettings } from './insight-settings.repo';
import { buildOpportunity } from './test/opportunity-factory';

const clock = fixedClock('2026-11-25T07:00:00Z');
const channels = useAlertChannels(clock);

const db = () => channels.server.database.db;

/** A Growth organization e-mailing its owner at once, with Slack and a webhook under `/path`. */
async function growthOrg(path: string) {
  const { owner, client } = await channels.growthOrg(path, DEFAULT_ALERT_RULES);
  expect((await client.put('/api/settings/notifications/me', { emailMode: 'immediate' })).statusCode).toBe(
    200,
  );
  return { owner, client };
}

/** What the engine does after a generation: the event, in a transaction, then the handlers. */
async function identify(orgId: string, opportunityIds: string[]) {
  await db().transaction((tx) =>
    publishEvent(tx, orgId, 'insight.identified', { opportunityIds }, clock.now()),
  );
  await channels.server.app.deps.events.drain();
}

const notificationsOf = (orgId: string) =>
  db().select().from(notifications).where(eq(notifications.organizationId, orgId));

describe('high-value insight notifications', () => {
  it('notifies in-app, by e-mail, on Slack and by webhook, linking to the opportunity', async () => {
    const { owner } = await growthOrg('/one');
    const slackApp = await buildSubscription(db(), owner.orgId, { name: 'Slack' });
    const big = await buildOpportunity(db(), owner.orgId, { applicationIds: [slackApp.id] });
    const small = await buildOpportunity(db(), owner.orgId, {
      title: '1 idle Zoom seat',
      savingMinor: 18_000,
    });
    await identify(owner.orgId, [big.id, small.id]);

    const rows = await notificationsOf(owner.orgId);
    expect(rows).toHaveLength(1); // $180.00 a year is under the default $1,000.00 threshold
    expect(rows[0]).toMatchObject({
      type: 'other',
      title: 'Save $4,320.00 a year: 12 idle Slack seats',
      priority: 'high',
      subscriptionId: slackApp.id,
      actionUrl: `/app/insights/${big.id}`,
      actionText: 'Review the saving',
    });
    expect(rows[0].message).toContain('12 of 40 Slack seats have had no activity for 60 days or more.');
    expect(rows[0].message).toContain('How: 12 seats × $30.00 × 12 months = $4,320.00.');

    // The in-app list answers it.
    const list = await api(channels.server.app, owner.cookie).get('/api/notifications');
    expect(list.json().map((n: { title: string }) => n.title)).toContain(
      'Save $4,320.00 a year: 12 idle Slack seats',
    );

    await channels.server.app.deps.scheduler.runTasks(); // the channels' deliveries
    const mail = await channels.smtp.waitFor(owner.email);
    expect(mail.subject).toBe('[Stackwise] Save $4,320.00 a year: 12 idle Slack seats');
    expect(mail.text).toContain(`Review the saving: http://localhost:3000/app/insights/${big.id}`);
    const message = JSON.parse(channels.slack.received.find((r) => r.url === '/slack/one')!.body);
    expect(message.text).toContain('Save $4,320.00 a year: 12 idle Slack seats');
    expect(message.blocks[0].text.text).toContain(
      `<http://localhost:3000/app/insights/${big.id}|Review the saving>`,
    );
    const hook = JSON.parse(channels.hooks.received.find((r) => r.url === '/hook/one')!.body);
    expect(hook).toMatchObject({
      event: 'notification.created',
      notification: {
        type: 'other',
        title: 'Save $4,320.00 a year: 12 idle Slack seats',
        subscriptionName: 'Slack',
        actionUrl: `http://localhost:3000/app/insights/${big.id}`,
      },
    });
  });

  it('takes effect once when the handler runs twice for the same event', async () => {
    const { owner } = await growthOrg('/twice');
    const opp = await buildOpportunity(db(), owner.orgId, {
      title: '5 idle Figma seats',
      savingMinor: 300_000,
    });
    await identify(owner.orgId, [opp.id]);
    const [row] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, owner.orgId), eq(domainEvents.type, 'insight.identified')));
    const event = {
      id: row.id,
      organizationId: row.organizationId,
      type: 'insight.identified',
      payload: row.payload,
      occurredAt: row.occurredAt,
    } as DomainEvent<'insight.identified'>;
    // A retried job after its transaction committed: the notification's key holds.
    await db().transaction((tx) => insightAlertsHandler.handle(tx, event));
    await channels.server.app.deps.events.drain();

    expect(await notificationsOf(owner.orgId)).toHaveLength(1);
    const deliveries = await db()
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.organizationId, owner.orgId));
    expect(deliveries.map((d) => d.channel).sort()).toEqual(['email', 'slack', 'webhook']);
  });

  it('sums many opportunities up in one notification, counting overlaps once', async () => {
    const { owner } = await growthOrg('/many');
    const app = await buildSubscription(db(), owner.orgId, { name: 'Zoom' });
    const ids = [];
    for (const [title, saving] of [
      ['Cancel Zoom', 500_000],
      ['Move Zoom to annual billing', 200_000], // same application as the first: counted once
      ['Shadow IT: Dropbox charges', 150_000],
      ['Shadow IT: Canva charges', 120_000],
    ] as const) {
      const sameApp = title.includes('Zoom');
      ids.push(
        (
          await buildOpportunity(db(), owner.orgId, {
            title,
            savingMinor: saving,
            applicationIds: sameApp ? [app.id] : [],
            // Both Zoom ones claim its whole cost: they overlap.
            ...(sameApp
              ? { claims: [{ kind: 'application' as const, applicationId: app.id, annualMinor: saving }] }
              : {}),
          })
        ).id,
      );
    }
    await identify(owner.orgId, ids);
    const rows = await notificationsOf(owner.orgId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Save $7,700.00 a year: 4 new savings opportunities',
      actionUrl: '/app/insights',
      subscriptionId: null,
    });
    expect(rows[0].message).toContain(
      'The largest: Cancel Zoom ($5,000.00 a year); Move Zoom to annual billing ($2,000.00 a year); Shadow IT: Dropbox charges ($1,500.00 a year); and 1 more.',
    );
  });

  it('stays quiet for Starter, dismissed opportunities and savings under the organization’s threshold', async () => {
    const starter = await buildOrgOwner(channels.server.app);
    await setPlan(db(), starter.orgId, 'starter');
    const onStarter = await buildOpportunity(db(), starter.orgId);
    await identify(starter.orgId, [onStarter.id]);
    expect(await notificationsOf(starter.orgId)).toHaveLength(0);

    const { owner } = await growthOrg('/quiet');
    await saveInsightSettings(db(), owner.orgId, { highValueMinor: 500_000 }, clock.now());
    const under = await buildOpportunity(db(), owner.orgId); // $4,320.00 < $5,000.00
    const dismissed = await buildOpportunity(db(), owner.orgId, {
      savingMinor: 900_000,
      state: 'dismissed',
      dismissReason: 'business_need',
    });
    const unknownPrice = await buildOpportunity(db(), owner.orgId, {
      savingMinor: null,
      savingUnavailable: 'The price per seat is missing',
    });
    const otherTenant = await buildOpportunity(db(), starter.orgId, { savingMinor: 900_000 });
    await identify(owner.orgId, [under.id, dismissed.id, unknownPrice.id, otherTenant.id]);
    expect(await notificationsOf(owner.orgId)).toHaveLength(0);
  });
});
