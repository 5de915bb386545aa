import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../lib/clock';
import { api, buildOrgOwner, setPlan } from './factories';
import { startReceiver } from './receiver';
import { startSmtpServer } from './smtp';
import { getTestServer, type TestServer } from './test-server';

interface Channels {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  slack: Awaited<ReturnType<typeof startReceiver>>;
  hooks: Awaited<ReturnType<typeof startReceiver>>;
}

/**
 * The test file's server with somewhere for every alert channel to land: an SMTP inbox, a Slack
 * receiver and a webhook receiver (private addresses allowed). Booted in beforeAll, closed in afterAll.
 */
export function useAlertChannels(clock: Clock) {
  let current: Channels | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpServer();
    const hooks = await startReceiver();
    const slack = await startReceiver();
    const env = { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true' };
    current = { server: await getTestServer({ clock, env }), smtp, hooks, slack };
  });
  afterAll(async () => {
    if (!current) return;
    await current.server.close();
    await Promise.all([current.smtp.close(), current.hooks.close(), current.slack.close()]);
  });
  const booted = () => {
    if (!current) throw new Error('The channels are started in beforeAll: read them inside hooks and tests');
    return current;
  };
  return {
    get server() {
      return booted().server;
    },
    get smtp() {
      return booted().smtp;
    },
    get slack() {
      return booted().slack;
    },
    get hooks() {
      return booted().hooks;
    },
    /**
     * A Growth organization alerting by `rules`: e-mail to owners (and application owners), Slack and
     * a webhook, both under `path`. Returns the saved settings' response too.
     */
    async growthOrg(path: string, rules: unknown) {
      const { server, slack, hooks } = booted();
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
  };
}
