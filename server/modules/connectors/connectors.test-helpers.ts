// What every connector's sync tests share (tests only): a test server whose environment points at
// the providers' local fakes, a Growth organization with its owner, waiting for a run, a sync a
// minute after the last, and the organization's people.
import { afterAll, beforeAll, expect } from 'vitest';
import type { ConnectorProvider } from '../../../common/contracts/connectors';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { runConnectorSync } from '.';
import { peopleOf } from '../people';

/** The provider's state as Settings → Integrations reads it. */
export async function connectorState(client: ReturnType<typeof api>, provider: ConnectorProvider) {
  const list = (await client.get('/api/connectors')).json();
  return list.connectors.find((c: { provider: string }) => c.provider === provider);
}

interface Fake {
  env?: Record<string, string>;
  close(): Promise<void>;
}

/** A test server with the fakes `start` opens (their env applied; loopback allowed for typed domains). */
export function useConnectorServer<F extends Fake>(start: () => Promise<F>, at = '2026-03-31T12:00:00Z') {
  const clock = fixedClock(at);
  // The fakes listen on loopback: a domain an admin types (Okta) may point there in tests.
  const env: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE: 'true' };
  let fake: F | undefined;
  beforeAll(async () => {
    fake = await start();
    Object.assign(env, fake.env ?? {});
  });
  afterAll(() => fake?.close());
  const server = useTestServer({ clock, env });
  const db = () => server.database.db;

  /** Waits until the provider's last run (of that reason, other than `before`) is over; answers the connection. */
  async function waitForRun(
    client: ReturnType<typeof api>,
    reason: string,
    provider: ConnectorProvider,
    before?: string,
  ) {
    for (let i = 0; i < 300; i += 1) {
      const list = (await client.get('/api/connectors')).json();
      const connection = list.connectors.find(
        (c: { provider: string }) => c.provider === provider,
      )?.connection;
      const run = connection?.lastRun;
      if (run?.reason === reason && run.id !== before && run.status !== 'running') return connection;
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
   * Connects an OAuth provider for an organization (a Growth one unless given) through its consent
   * page (`approve` follows it as the admin clicking Allow); waits for the first sync.
   */
  async function connect(
    provider: ConnectorProvider,
    approve: (authorizeUrl: string) => Promise<URL>,
    owner?: Awaited<ReturnType<typeof buildOrgOwner>>,
  ) {
    const who = owner ?? (await buildOrgOwner(server.app));
    if (!owner) await setPlan(db(), who.orgId, 'pro');
    const client = api(server.app, who.cookie);
    // Connecting again: the sync of this consent is a new run, a minute later (runs are told apart by their start).
    const before = (await connectorState(client, provider))?.connection?.lastRun?.id;
    if (before) clock.advance(60_000);
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
    expect((await client.get(callback)).headers.location).toMatch(/error=/);
    const connection = await waitForRun(client, 'connect', provider, before);
    return { owner: who, client, orgId: who.orgId, connectionId: connection.id as string, connection };
  }

  return {
    clock,
    server,
    db,
    fake: () => fake!,
    waitForRun,
    connect,
    sync,
    /** A Growth organization and its owner's API client. */
    async growthOrg() {
      const owner = await buildOrgOwner(server.app);
      await setPlan(db(), owner.orgId, 'pro');
      return { owner, orgId: owner.orgId, client: api(server.app, owner.cookie) };
    },
    peopleOf: (orgId: string) => db().select().from(peopleOf(orgId)),
    /** The provider's connection as Settings → Integrations shows it. */
    async connectionOf(client: ReturnType<typeof api>, provider: ConnectorProvider) {
      const list = (await client.get('/api/connectors')).json();
      return list.connectors.find((c: { provider: string }) => c.provider === provider)?.connection;
    },
  };
}
