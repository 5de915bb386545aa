import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { addMember, api, buildOrgOwner, buildSubscription, setPlan } from '../../test/factories';
import { testScheduler } from '../../test/scheduler';
import { startSmtpServer } from '../../test/smtp';
import { getTestServer, type TestServer } from '../../test/test-server';
import { buildOpportunity } from './test/opportunity-factory';
import { insightsDigestJob, sendWeeklyDigest } from './weekly-digest';

// Monday 30 November 2026: the digest covers Tuesday 24 to Monday 30 November.
const clock = fixedClock('2026-11-30T07:00:00Z');
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await getTestServer({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const db = () => server.database.db;
const at = (iso: string) => new Date(iso);
const mailsTo = (email: string) =>
  smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));
const runDailyJob = () => testScheduler(server.app.deps, [insightsDigestJob]).tick();

describe('weekly savings digest', () => {
  it('e-mails owners and admins the week’s new opportunities, the identified total and the fiscal year’s savings, once', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    const admin = await addMember(server.app, db(), owner.orgId, 'admin');
    const quietAdmin = await addMember(server.app, db(), owner.orgId, 'admin');
    const member = await addMember(server.app, db(), owner.orgId, 'member');
    await api(server.app, quietAdmin.cookie).put('/api/settings/notifications/me', { emailMode: 'off' });
    const slackApp = await buildSubscription(db(), owner.orgId, { name: 'Slack' });

    const o = owner.orgId;
    const slack = await buildOpportunity(db(), o, {
      applicationIds: [slackApp.id],
      firstSeenAt: at('2026-11-26T04:00:00Z'),
    });
    const dropbox = await buildOpportunity(db(), o, {
      title: 'Dropbox charged to a card, outside any application',
      savingMinor: 150_000,
      firstSeenAt: at('2026-11-30T02:00:00Z'),
    });
    const zoom = await buildOpportunity(db(), o, {
      title: 'Zoom bought twice',
      savingMinor: null,
      savingUnavailable: 'The second workspace’s price is missing',
      firstSeenAt: at('2026-11-24T00:00:00Z'),
    });
    // Open but found before the week: in the total, not in the list.
    await buildOpportunity(db(), o, {
      title: 'Older',
      savingMinor: 200_000,
      firstSeenAt: at('2026-11-23T23:00:00Z'),
    });
    // Neither listed nor counted: dismissed this week, snoozed.
    await buildOpportunity(db(), o, {
      title: 'Dismissed',
      savingMinor: 999_900,
      state: 'dismissed',
      dismissReason: 'business_need',
      firstSeenAt: at('2026-11-27T00:00:00Z'),
    });
    await buildOpportunity(db(), o, {
      title: 'Snoozed',
      savingMinor: 100_000,
      snoozedUntil: '2026-12-15',
      firstSeenAt: at('2026-10-01T00:00:00Z'),
    });
    // Realized this fiscal year (one of them this week) and last fiscal year.
    for (const [realizedAt, realizedMinor] of [
      ['2026-06-01T00:00:00Z', 250_000],
      ['2026-11-28T00:00:00Z', 60_000],
      ['2025-12-01T00:00:00Z', 999_900],
    ] as const) {
      await buildOpportunity(db(), o, {
        title: 'Realized',
        state: 'realized',
        realizedAt: at(realizedAt),
        realizedMinor,
        realizedSource: 'manual',
        firstSeenAt: at('2025-11-01T00:00:00Z'),
      });
    }

    // Starter, and a Growth organization with nothing new this week: no digest.
    const starter = await buildOrgOwner(server.app);
    await setPlan(db(), starter.orgId, 'starter');
    await buildOpportunity(db(), starter.orgId, { firstSeenAt: at('2026-11-29T00:00:00Z') });
    const idle = await buildOrgOwner(server.app);
    await setPlan(db(), idle.orgId, 'pro');
    await buildOpportunity(db(), idle.orgId, { firstSeenAt: at('2026-11-02T00:00:00Z') });

    await runDailyJob();

    const [mail] = mailsTo(owner.email);
    expect(mail.subject).toBe('[Stackwise] Weekly savings: 3 new opportunities worth $5,820.00 a year');
    const text = mail.text!;
    expect(text).toContain(
      'This week Stackwise found 3 new savings opportunities worth $5,820.00 a year. ' +
        'Savings worth $600.00 a year were realized this week. ' +
        'Open opportunities add up to $7,820.00 a year, and savings worth $3,100.00 a year have been realized this fiscal year (since Jan 1, 2026).',
    );
    const lines = text.split('\n').filter((l) => l.startsWith('•'));
    expect(lines).toEqual([
      `• Save $4,320.00 a year: 12 idle Slack seats — http://localhost:3000/app/insights/${slack.id}`,
      `• Save $1,500.00 a year: Dropbox charged to a card, outside any application — http://localhost:3000/app/insights/${dropbox.id}`,
      `• Zoom bought twice (saving not computed: a price is missing) — http://localhost:3000/app/insights/${zoom.id}`,
    ]);
    expect(text).toContain('Open Insights: http://localhost:3000/app/insights');
    expect(mail.html).toContain('<a href="http://localhost:3000/app/insights">Open Insights</a>');

    expect(mailsTo(admin.email)).toHaveLength(1);
    expect(mailsTo(quietAdmin.email)).toHaveLength(0); // e-mail turned off
    expect(mailsTo(member.email)).toHaveLength(0); // members do not get alert e-mails by default
    expect(mailsTo(starter.email)).toHaveLength(0);
    expect(mailsTo(idle.email)).toHaveLength(0);

    // The day's run again (another server, a restart), then the rest of the week: nothing more.
    await runDailyJob();
    for (let day = 0; day < 6; day += 1) {
      clock.advance(24 * 3_600_000);
      await runDailyJob();
    }
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(admin.email)).toHaveLength(1);
    expect(await sendWeeklyDigest(server.app.deps, owner.orgId, '2026-12-01')).toBe(0); // a Tuesday
  });

  it('says what was realized when a week found nothing new', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'scale');
    await buildOpportunity(db(), owner.orgId, {
      state: 'realized',
      realizedAt: at('2026-12-03T10:00:00Z'),
      realizedMinor: 432_000,
      realizedSource: 'auto',
      firstSeenAt: at('2026-10-01T00:00:00Z'),
    });
    expect(await sendWeeklyDigest(server.app.deps, owner.orgId, '2026-12-07')).toBe(1);
    const [mail] = mailsTo(owner.email);
    expect(mail.subject).toBe('[Stackwise] Weekly savings: $4,320.00 a year realized this week');
    expect(mail.text).toContain('Stackwise found no new savings opportunities this week.');
    expect(mail.text).not.toContain('•');
  });
});
