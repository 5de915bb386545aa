import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../lib/clock';
import { api, buildOrgOwner, setPlan } from './factories';
import { startReceiver } from './receiver';
import { startSmtpServer } from './smtp';
import { useTestServer } from './test-server';

interface Receivers {
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  slack: Awaited<ReturnType<typeof startReceiver>>;
  hooks: Awaited<ReturnType<typeof startReceiver>>;
}

/**
 * The test file's server with somewhere for every alert channel to land: an SMTP inbox, a Slack
 * receiver and a webhook receiver (private addresses allowed). Started in beforeAll, closed in afterAll.
 */
export function useAlertChannels(clock: Clock) {
  const receivers = {} as Receivers;
  // The server boots after the receivers (hooks run in order) and reads SMTP_URL from `env` then.
  const env: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE: 'true' };
  beforeAll(async () => {
    Object.assign(receivers, {
      smtp: await startSmtpServer(),
      hooks: await startReceiver(),
      slack: await startReceiver(),
    });
    env.SMTP_URL = receivers.smtp.url;
  });
  // After hooks run in reverse: the server closes (and drains its deliveries) before the receivers.
  afterAll(() => Promise.all([receivers.smtp?.close(), receivers.hooks?.close(), receivers.slack?.close()]));
  const server = useTestServer({ clock, env });
  return Object.assign(receivers, {
    server,
    /**
     * A Growth organization alerting by `rules`: e-mail to owners (and application owners), Slack and
     * a webhook, both under `path`. Returns the saved settings' response too.
     */
    async growthOrg(path: string, rules: unknown) {
      const { slack, hooks } = receivers;
      const owner = await buildOrgOwner(server.app);
      await setPlan(server.database.db, owner.orgId, 'pro');
      const client = api(server.app, owner.cookie);
      const saved = await client.put('/api/settings/notifications', {
        rules,
        channels: {
          email: { enabled: true, roles: ['owner'], applicationOwner: true },
          slack: { enabled: true, webhookUrl: `${slack.url}/slack${path}` },
          webhook: { enabled: true, url: `${hooks.url}/hook${path}` },
        },
      });
      expect(saved.statusCode).toBe(200);
      return { owner, client, saved };
    },
  });
}
