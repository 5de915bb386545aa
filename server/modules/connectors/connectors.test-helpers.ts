// What connector tests share: a Growth organization connecting a provider through its (fake)
// consent page, waiting for a run, and a sync a minute after the previous one.
import { expect } from 'vitest';
import type { ConnectorProvider } from '../../../common/contracts/connectors';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import type { TestServer } from '../../test/test-server';
import { runConnectorSync } from '.';

type Client = ReturnType<typeof api>;

/** Waits until the provider's last run (of that reason) is over; answers its connection. */
export async function waitForRun(
  client: Client,
  reason: string,
  provider: ConnectorProvider = 'google_workspace',
) {
  for (let i = 0; i < 300; i += 1) {
    const list = (await client.get('/api/connectors')).json();
    const connection = list.connectors.find((c: { provider: string }) => c.provider === provider)?.connection;
    if (connection?.lastRun?.reason === reason && connection.lastRun.status !== 'running') return connection;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The sync did not finish');
}

/** The provider's state as Settings → Integrations reads it. */
export async function connectorState(client: Client, provider: ConnectorProvider) {
  const list = (await client.get('/api/connectors')).json();
  return list.connectors.find((c: { provider: string }) => c.provider === provider);
}

export function connectorTestKit(server: TestServer, clock: { advance(ms: number): void }) {
  /**
   * Connects the provider for `owner` (a new Growth organization when none) through its consent
   * page; checks the callback lands on Settings → Integrations and its state is single use; waits
   * for the first sync.
   */
  async function connect(
    provider: ConnectorProvider,
    approve: (authorizeUrl: string) => Promise<URL>,
    owner?: Awaited<ReturnType<typeof buildOrgOwner>>,
  ) {
    const member = owner ?? (await buildOrgOwner(server.app));
    if (!owner) await setPlan(server.database.db, member.orgId, 'pro');
    const client = api(server.app, member.cookie);
    const started = await client.post(`/api/connectors/${provider}/connect`);
    expect(started.statusCode).toBe(200);
    const authorizeUrl = new URL(started.json().authorizeUrl as string);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await approve(authorizeUrl.toString());
    expect(back.pathname).toBe('/api/connectors/oauth/callback');
    const callback = `/api/connectors/oauth/callback${back.search}`;
    const answer = await client.get(callback);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/app/settings/integrations?connected=${provider}`);
    // The state is single use.
    const replay = await client.get(callback);
    expect(replay.headers.location).toMatch(/error=/);
    const connection = await waitForRun(client, 'connect', provider);
    return { owner: member, client, orgId: member.orgId, connectionId: connection.id as string };
  }

  /** A sync a minute after the previous one (runs are told apart by their start). */
  function sync(orgId: string, connectionId: string, options?: Parameters<typeof runConnectorSync>[4]) {
    clock.advance(60_000);
    return runConnectorSync(server.app.deps, orgId, connectionId, 'manual', options);
  }

  return { connect, sync };
}
