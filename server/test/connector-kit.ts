// What every connector's tests share: connecting an organization through a fake provider's consent
// page, waiting for a run, and running a sync a minute after the previous one.
import { expect } from 'vitest';
import type { ConnectorProvider } from '../../common/contracts/connectors';
import { runConnectorSync } from '../modules/connectors';
import { api, buildOrgOwner, setPlan } from './factories';
import type { TestServer } from './test-server';

type Clock = { advance(ms: number): void };

export function connectorKit(server: TestServer, clock: Clock) {
  /** Waits until the provider's last run (of that reason) is over; answers its connection. */
  async function waitForRun(
    client: ReturnType<typeof api>,
    reason: string,
    provider: ConnectorProvider = 'google_workspace',
  ) {
    for (let i = 0; i < 300; i += 1) {
      const list = (await client.get('/api/connectors')).json();
      const connection = list.connectors.find(
        (c: { provider: string }) => c.provider === provider,
      )?.connection;
      if (connection?.lastRun?.reason === reason && connection.lastRun.status !== 'running')
        return connection;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The sync did not finish');
  }

  /** A sync a minute after the previous one (runs are told apart by their start). */
  function sync(orgId: string, connectionId: string, options?: Parameters<typeof runConnectorSync>[4]) {
    clock.advance(60_000);
    return runConnectorSync(server.app.deps, orgId, connectionId, 'manual', options);
  }

  /**
   * Connects the provider for an organization (a Growth one unless given) through its consent page
   * (`approve` follows it as the admin clicking Allow); waits for the first sync.
   */
  async function connect(
    provider: ConnectorProvider,
    approve: (authorizeUrl: string) => Promise<URL>,
    owner?: Awaited<ReturnType<typeof buildOrgOwner>>,
  ) {
    const who = owner ?? (await buildOrgOwner(server.app));
    if (!owner) await setPlan(server.database.db, who.orgId, 'pro');
    const client = api(server.app, who.cookie);
    const started = await client.post(`/api/connectors/${provider}/connect`);
    expect(started.statusCode).toBe(200);
    const back = await approve(started.json().authorizeUrl as string);
    expect(back.pathname).toBe('/api/connectors/oauth/callback');
    const answer = await client.get(`/api/connectors/oauth/callback${back.search}`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/app/settings/integrations?connected=${provider}`);
    const connection = await waitForRun(client, 'connect', provider);
    return { owner: who, client, orgId: who.orgId, connectionId: connection.id as string, connection };
  }

  return { waitForRun, sync, connect };
}
