import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES } from '../../../common/alerts';
import { notificationSettings, notifications, outbox } from '../../db/schema';
import { addMember, api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

// WEBHOOK_ALLOW_PRIVATE is not set here: the SSRF guard is on, as in production.
const server = useTestServer();

const channels = {
  email: { enabled: true, roles: ['owner', 'admin'], applicationOwner: true },
  slack: { enabled: false, webhookUrl: null },
  webhook: { enabled: false, url: null },
};
const body = (overrides: Record<string, unknown> = {}) => ({
  rules: DEFAULT_ALERT_RULES,
  channels,
  ...overrides,
});

describe('organization notification settings', () => {
  it('answers the defaults until saved; the first save marks the configureAlerts setup step', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const defaults = (await client.get('/api/settings/notifications')).json();
    expect(defaults).toEqual({
      rules: DEFAULT_ALERT_RULES,
      channels: {
        inApp: { enabled: true },
        email: { enabled: true, roles: ['owner', 'admin'], applicationOwner: true },
        slack: { enabled: false, webhookUrl: null },
        webhook: { enabled: false, url: null, secretHint: null },
      },
      configured: false,
      updatedAt: null,
    });
    const rules = {
      ...DEFAULT_ALERT_RULES,
      cancelBy: { enabled: true, offsets: [7, 365, 180, 7] },
      costAlert: { enabled: true, thresholdPct: 25 },
    };
    const saved = await client.put('/api/settings/notifications', body({ rules }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      configured: true,
      rules: { cancelBy: { offsets: [365, 180, 7] }, costAlert: { thresholdPct: 25 } },
    });
    const orgs = (await client.get('/api/organizations')).json();
    expect(orgs[0].setupProgress.configureAlerts).toBe(true);
    expect((await client.get('/api/settings/notifications')).json().rules.cancelBy.offsets).toEqual([
      365, 180, 7,
    ]);
  });

  it('generates the webhook secret once, shows only a hint afterwards, and rotates it', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    // A public IP literal passes the SSRF guard without DNS.
    const withHook = body({
      channels: { ...channels, webhook: { enabled: true, url: 'https://93.184.215.14/stackwise' } },
    });
    const first = (await client.put('/api/settings/notifications', withHook)).json();
    expect(first.webhookSecret).toMatch(/^whsec_[\w-]{32}$/);
    expect(first.channels.webhook.secretHint).toBe(`…${first.webhookSecret.slice(-4)}`);
    const again = (await client.put('/api/settings/notifications', withHook)).json();
    expect(again.webhookSecret).toBeUndefined();
    expect(again.channels.webhook.secretHint).toBe(first.channels.webhook.secretHint);
    expect((await client.get('/api/settings/notifications')).json().webhookSecret).toBeUndefined();
    const rotated = (await client.post('/api/settings/notifications/webhook-secret')).json();
    expect(rotated.webhookSecret).not.toBe(first.webhookSecret);
    const [row] = await server.database.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.organizationId, owner.orgId));
    // Stored sealed (encryption at rest), never in plain text; the page still shows its hint.
    expect(row.webhookSecret).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(row.webhookSecret).not.toContain(rotated.webhookSecret.slice(6));
    expect(
      server.app.deps.secrets.open(row.webhookSecret!, {
        column: 'notification_settings.webhook_secret',
        orgId: owner.orgId,
      }),
    ).toBe(rotated.webhookSecret);
    const shown = (await client.get('/api/settings/notifications')).json();
    expect(shown.channels.webhook.secretHint).toBe(`…${rotated.webhookSecret.slice(-4)}`);
  });

  it('refuses invalid rules and channels with 400 naming the field, and stores nothing', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { rules: { ...DEFAULT_ALERT_RULES, cancelBy: { enabled: true, offsets: [0] } } },
        'rules.cancelBy.offsets.0',
      ],
      [
        { rules: { ...DEFAULT_ALERT_RULES, dueSoon: { enabled: true, offsets: [2.5] } } },
        'rules.dueSoon.offsets.0',
      ],
      [
        { rules: { ...DEFAULT_ALERT_RULES, costAlert: { enabled: true, thresholdPct: -1 } } },
        'rules.costAlert.thresholdPct',
      ],
      [{ channels: { ...channels, webhook: { enabled: true, url: null } } }, 'channels.webhook.url'],
      [
        { channels: { ...channels, webhook: { enabled: true, url: 'ftp://example.com/x' } } },
        'channels.webhook.url',
      ],
      [
        { channels: { ...channels, email: { ...channels.email, roles: ['boss'] } } },
        'channels.email.roles.0',
      ],
    ];
    for (const [overrides, field] of cases) {
      const response = await client.put('/api/settings/notifications', body(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(
        response.json().fields.map((f: { field: string }) => f.field),
        field,
      ).toContain(field);
    }
    expect((await client.get('/api/settings/notifications')).json().configured).toBe(false);
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.8/hook',
    'http://192.168.1.20/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[fc00::1]/hook',
    'http://localhost:3000/hook',
  ])('refuses the private or loopback webhook URL %s (SSRF guard)', async (url) => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const response = await client.put(
      '/api/settings/notifications',
      body({ channels: { ...channels, webhook: { enabled: true, url } } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fields: [{ field: 'channels.webhook.url' }],
    });
    expect((await client.get('/api/settings/notifications')).json().configured).toBe(false);
  });

  it('Slack needs the Growth plan', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const withSlack = body({
      channels: { ...channels, slack: { enabled: true, webhookUrl: 'https://93.184.215.14/services/T/B/X' } },
    });
    const refused = await client.put('/api/settings/notifications', withSlack);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
    expect((await client.post('/api/settings/notifications/test', { channel: 'slack' })).statusCode).toBe(
      403,
    );
    await setPlan(server.database.db, owner.orgId, 'pro');
    expect((await client.put('/api/settings/notifications', withSlack)).statusCode).toBe(200);
  });

  it('only owners and admins manage the organization settings', async () => {
    const owner = await buildOrgOwner(server.app);
    for (const role of ['member', 'viewer'] as const) {
      const user = api(
        server.app,
        (await addMember(server.app, server.database.db, owner.orgId, role)).cookie,
      );
      expect((await user.get('/api/settings/notifications')).statusCode).toBe(403);
      expect((await user.put('/api/settings/notifications', body())).statusCode).toBe(403);
      expect((await user.post('/api/settings/notifications/test', { channel: 'in-app' })).statusCode).toBe(
        403,
      );
    }
    const admin = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'admin')).cookie,
    );
    expect((await admin.put('/api/settings/notifications', body())).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/settings/notifications' })).statusCode).toBe(
      401,
    );
  });

  it('send test: in-app adds a notification, e-mail goes to the caller, unsaved channels are refused', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const inApp = await client.post('/api/settings/notifications/test', { channel: 'in-app' });
    expect(inApp.json()).toMatchObject({ ok: true });
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.organizationId, owner.orgId));
    expect(rows).toEqual([expect.objectContaining({ title: 'Test alert from Stackwise', type: 'other' })]);
    expect(
      (await client.post('/api/settings/notifications/test', { channel: 'email' })).json(),
    ).toMatchObject({ ok: true });
    const mails = await server.database.db.select().from(outbox).where(eq(outbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toContain('[Stackwise] Test alert from Stackwise');
    expect((await client.post('/api/settings/notifications/test', { channel: 'webhook' })).statusCode).toBe(
      400,
    );
    expect((await client.post('/api/settings/notifications/test', { channel: 'fax' })).statusCode).toBe(400);
  });
});

describe('personal e-mail preference', () => {
  it('defaults to the daily digest; any member can choose immediate or off for themselves', async () => {
    const owner = await buildOrgOwner(server.app);
    const viewer = api(
      server.app,
      (await addMember(server.app, server.database.db, owner.orgId, 'viewer')).cookie,
    );
    expect((await viewer.get('/api/settings/notifications/me')).json()).toEqual({
      emailMode: 'digest',
      configured: false,
    });
    expect((await viewer.put('/api/settings/notifications/me', { emailMode: 'immediate' })).json()).toEqual({
      emailMode: 'immediate',
      configured: true,
    });
    expect((await viewer.put('/api/settings/notifications/me', { emailMode: 'hourly' })).statusCode).toBe(
      400,
    );
    expect((await viewer.get('/api/settings/notifications/me')).json().emailMode).toBe('immediate');
    // The owner's own preference is separate.
    expect((await api(server.app, owner.cookie).get('/api/settings/notifications/me')).json().emailMode).toBe(
      'digest',
    );
  });
});
