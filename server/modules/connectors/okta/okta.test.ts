import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, connections, connectorActivity, licenseAssignments } from '../../../db/schema';
import {
  addMemberWithSession,
  api,
  buildAssignment,
  buildPerson,
  buildPool,
  buildSubscription,
} from '../../../test/factories';
import { useConnectorServer } from '../connectors.test-helpers';
import { type FakeOkta, startFakeOkta } from './fake-okta';
import type { OktaApp, OktaAppUser, OktaLogEvent, OktaUser } from './okta-connector';

const kit = useConnectorServer(startFakeOkta);
const { db, sync, peopleOf } = kit;
let okta: FakeOkta;
beforeAll(() => {
  okta = kit.fake();
});

let seq = 0;
function oktaUser(
  email: string,
  overrides: Partial<OktaUser> = {},
  profile: Partial<OktaUser['profile']> = {},
): OktaUser {
  seq += 1;
  const [firstName, lastName = ''] = email.split('@')[0].split('.');
  return {
    id: `00u${String(seq).padStart(6, '0')}`,
    status: 'ACTIVE',
    created: '2025-01-01T00:00:00.000Z',
    lastUpdated: '2025-01-01T00:00:00.000Z',
    profile: {
      login: email,
      email,
      firstName,
      lastName,
      department: 'Engineering',
      title: 'Engineer',
      ...profile,
    },
    ...overrides,
  };
}
function oktaApp(label: string, name = label.toLowerCase()): OktaApp {
  seq += 1;
  return {
    id: `0oa${String(seq).padStart(6, '0')}`,
    name,
    label,
    status: 'ACTIVE',
    signOnMode: 'SAML_2_0',
    created: '2025-06-01T00:00:00.000Z',
  };
}
const assignment = (user: OktaUser, created: string): OktaAppUser => ({
  id: user.id,
  scope: 'USER',
  status: 'ACTIVE',
  created,
  credentials: { userName: user.profile.login },
});
function sso(user: OktaUser, app: OktaApp, published: string, result = 'SUCCESS'): OktaLogEvent {
  seq += 1;
  return {
    uuid: `evt-${seq}`,
    published,
    eventType: 'user.authentication.sso',
    actor: {
      id: user.id,
      type: 'User',
      alternateId: user.profile.login,
      displayName: user.profile.firstName ?? '',
    },
    outcome: { result },
    target: [{ id: app.id, type: 'AppInstance', alternateId: app.label, displayName: app.label }],
  };
}

/** A Growth organization whose owner pasted the Okta domain and API token; its first sync done. */
async function connectedOrg() {
  const org = await kit.growthOrg();
  const answer = await org.client.post('/api/connectors/okta/token', {
    domain: okta.base,
    token: okta.token,
  });
  expect(answer.statusCode).toBe(201);
  expect(JSON.stringify(answer.json())).not.toContain(okta.token);
  const connection = await kit.waitForRun(org.client, 'connect', 'okta');
  return { ...org, connectionId: connection.id as string };
}

describe('Okta connector', () => {
  let org: Awaited<ReturnType<typeof connectedOrg>>;
  const ada = oktaUser('ada.lovelace@initech.test', {}, { manager: 'grace.hopper@initech.test' });
  const grace = oktaUser('grace.hopper@initech.test', {}, { department: 'Research' });
  const alan = oktaUser('alan.turing@initech.test');
  const slack = oktaApp('Slack');
  const notion = oktaApp('Notion');
  const dashboard = oktaApp('Okta Dashboard', 'okta_enduser');

  beforeAll(async () => {
    okta.users.push(ada, grace, alan, oktaUser('old.timer@initech.test', { status: 'SUSPENDED' }));
    okta.apps.push(slack, notion, dashboard);
    okta.assignments[slack.id] = [
      assignment(ada, '2026-01-10T00:00:00.000Z'),
      assignment(grace, '2026-01-11T00:00:00.000Z'),
    ];
    okta.assignments[notion.id] = [assignment(alan, '2026-02-01T00:00:00.000Z')];
    okta.logs.push(
      sso(grace, slack, '2026-03-20T10:00:00.000Z'),
      sso(alan, notion, '2026-03-05T10:00:00.000Z'),
      sso(ada, slack, '2026-03-21T10:00:00.000Z', 'FAILURE'),
    );
    org = await connectedOrg();
  });

  it('connects with a checked API token sealed at rest (never answered back), and the first sync brings people, apps and assignments', async () => {
    const check = okta.requests.find((r) => r.path === '/api/v1/users/me');
    expect(check?.headers.authorization).toBe(`SSWS ${okta.token}`);
    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.accessToken).toMatch(/^enc:v1:/);
    expect(stored.accessToken).not.toContain(okta.token);
    expect(stored.siteUrl).toBe(okta.base);

    const listed = await org.client.get('/api/connectors');
    expect(listed.body).not.toContain(okta.token);
    const connection = await kit.connectionOf(org.client, 'okta');
    expect(connection).toMatchObject({
      status: 'connected',
      siteUrl: okta.base,
      accountEmail: 'it.admin@okta.test',
    });
    expect(connection.lastRun).toMatchObject({ status: 'succeeded', counts: { peopleCreated: 3 } });

    const rows = await peopleOf(org.orgId);
    expect(rows.map((p) => p.email).sort()).toEqual([
      'ada.lovelace@initech.test',
      'alan.turing@initech.test',
      'grace.hopper@initech.test',
    ]);
    const adaRow = rows.find((p) => p.email === 'ada.lovelace@initech.test')!;
    expect(adaRow).toMatchObject({ source: 'okta', externalId: ada.id, department: 'Engineering' });

    const apps = (await org.client.get('/api/connectors/discovered')).json().apps as Array<
      Record<string, unknown>
    >;
    expect(apps.map((a) => a.name).sort()).toEqual(['Notion', 'Slack']);
    expect(apps.find((a) => a.name === 'Slack')).toMatchObject({
      provider: 'okta',
      catalogSlug: 'slack',
      usersCount: 2,
      lastSeenAt: '2026-03-20T10:00:00.000Z',
    });
    // The System Log was read as a poll from 90 days back, SSO events only, oldest first.
    const firstRead = okta.requests.find((r) => r.path === '/api/v1/logs');
    expect(firstRead?.query).toMatchObject({
      since: '2025-12-31T12:00:00.000Z',
      filter: 'eventType eq "user.authentication.sso"',
      sortOrder: 'ASCENDING',
    });
  });

  it('reads the System Log incrementally and adds nothing twice', async () => {
    const before = okta.requests.length;
    okta.logs.push(sso(alan, slack, '2026-03-31T11:00:00.000Z'));
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const reads = okta.requests.slice(before).filter((r) => r.path === '/api/v1/logs');
    expect(reads[0].query.since).toBe('2026-03-21T10:00:00.000Z');
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const activity = await db()
      .select()
      .from(connectorActivity)
      .where(eq(connectorActivity.organizationId, org.orgId));
    // Slack: ada, grace, alan; Notion: alan; Okta sign-ins: grace, alan.
    expect(activity).toHaveLength(6);
    const slackApp = (await org.client.get('/api/connectors/discovered'))
      .json()
      .apps.find((a: { name: string }) => a.name === 'Slack');
    expect(slackApp).toMatchObject({ usersCount: 3, lastSeenAt: '2026-03-31T11:00:00.000Z' });
    const rows = await peopleOf(org.orgId);
    expect(rows).toHaveLength(3);
    // The manager, created after Ada on the first page, is linked at the end of the run.
    const graceRow = rows.find((p) => p.email === 'grace.hopper@initech.test')!;
    expect(rows.find((p) => p.email === 'ada.lovelace@initech.test')?.managerId).toBe(graceRow.id);
  });

  it('resumes a crashed sync at the Link it was reading, without duplicates', async () => {
    for (let i = 0; i < 450; i += 1)
      okta.users.push(oktaUser(`bulk.person${i}@initech.test`, { lastUpdated: '2026-03-31T09:00:00.000Z' }));
    const secondPage = Buffer.from('200').toString('base64url');
    okta.fail({ pathPrefix: '/api/v1/users', status: 500, query: ['after', secondPage], times: 1 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    expect((await kit.connectionOf(org.client, 'okta')).lastRun.status).toBe('running');
    const before = okta.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const userReads = okta.requests
      .slice(before)
      .filter((r) => r.path === '/api/v1/users' && !r.query.filter);
    expect(userReads[0].query.after).toBe(secondPage);
    expect(await peopleOf(org.orgId)).toHaveLength(453);
  });

  it('waits out a 429 storm until X-Rate-Limit-Reset, then finishes', async () => {
    const waits: number[] = [];
    const reset = String(Math.floor(Date.now() / 1000) + 30);
    okta.fail({
      pathPrefix: '/api/v1/logs',
      status: 429,
      headers: { 'x-rate-limit-limit': '120', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset },
      times: 3,
    });
    const status = await sync(org.orgId, org.connectionId, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(status).toBe('succeeded');
    expect(waits).toHaveLength(3);
    for (const wait of waits) expect(wait).toBeGreaterThan(25_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(30_000);
  });

  it('a revoked API token sets the connection to Reconnect', async () => {
    okta.revokeToken();
    expect(await sync(org.orgId, org.connectionId)).toBe('failed');
    const connection = await kit.connectionOf(org.client, 'okta');
    expect(connection.status).toBe('needs_reconnect');
    expect(connection.lastRun.error).toMatch(/connect again/);
    expect((await org.client.post('/api/connectors/okta/sync')).statusCode).toBe(409);
    // Reconnecting with a new token resumes.
    const again = await org.client.post('/api/connectors/okta/token', {
      domain: okta.base,
      token: okta.token,
    });
    expect(again.statusCode).toBe(201);
    expect((await kit.connectionOf(org.client, 'okta')).status).not.toBe('needs_reconnect');
  });
});

describe('Okta connecting, people and tenancy', () => {
  it('refuses a bad token or domain with a clear message and stores nothing; members cannot connect', async () => {
    const org = await kit.growthOrg();
    const refused = await org.client.post('/api/connectors/okta/token', {
      domain: okta.base,
      token: '00notTheRightToken',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Okta refused this API token/);
    const insecure = await org.client.post('/api/connectors/okta/token', {
      domain: 'ftp://acme.okta.com',
      token: okta.token,
    });
    expect(insecure.statusCode).toBe(400);
    expect(await kit.connectionOf(org.client, 'okta')).toBeNull();
    const oauth = await org.client.post('/api/connectors/okta/connect');
    expect(oauth.statusCode).toBe(400);

    const member = await addMemberWithSession(db(), org.orgId, 'member');
    const memberClient = api(kit.server.app, member.cookie);
    expect(
      (await memberClient.post('/api/connectors/okta/token', { domain: okta.base, token: okta.token }))
        .statusCode,
    ).toBe(403);
  });

  it('a suspended or deactivated user starts the offboarding; SSO sign-ins are Okta seats’ last use; another tenant sees nothing', async () => {
    okta.users.length = 0;
    okta.apps.length = 0;
    okta.logs.length = 0;
    const org = await kit.growthOrg();
    const kim = await buildPerson(db(), org.orgId, { email: 'kim.lee@globex.test' });
    const leaver = await buildPerson(db(), org.orgId, { email: 'lea.ver@globex.test' });
    const suspended = await buildPerson(db(), org.orgId, { email: 'sus.pended@globex.test' });
    const product = await buildSubscription(db(), org.orgId, { name: 'Okta', catalogSlug: 'okta' });
    const pool = await buildPool(db(), org.orgId, product.id);
    const seat = await buildAssignment(db(), org.orgId, pool.id, kim.id);
    const kimUser = oktaUser('kim.lee@globex.test');
    const jira = oktaApp('Jira');
    okta.users.push(
      kimUser,
      oktaUser('sus.pended@globex.test', { status: 'SUSPENDED' }),
      oktaUser('lea.ver@globex.test', { status: 'DEPROVISIONED' }),
    );
    okta.apps.push(jira);
    okta.logs.push(sso(kimUser, jira, '2026-03-30T09:00:00.000Z'));

    expect(
      (await org.client.post('/api/connectors/okta/token', { domain: okta.base, token: okta.token }))
        .statusCode,
    ).toBe(201);
    await kit.waitForRun(org.client, 'connect', 'okta');

    const rows = await peopleOf(org.orgId);
    expect(rows.find((p) => p.id === kim.id)).toMatchObject({ status: 'active', source: 'okta' });
    expect(rows.find((p) => p.id === leaver.id)?.status).toBe('offboarded');
    expect(rows.find((p) => p.id === suspended.id)?.status).toBe('offboarded');
    const offboardings = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'connector.person_offboard')),
      );
    expect(offboardings).toHaveLength(2);
    const [used] = await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, seat.id));
    expect(used).toMatchObject({ source: 'okta', activitySignal: 'sign-in' });
    expect(used.lastActiveAt?.toISOString()).toBe('2026-03-30T09:00:00.000Z');

    const other = await kit.growthOrg();
    expect((await other.client.get('/api/connectors/discovered')).json().apps).toEqual([]);
    expect(await kit.connectionOf(other.client, 'okta')).toBeNull();
    expect(await peopleOf(other.orgId)).toHaveLength(0);
  });
});

describe('Okta directory changes', () => {
  it('the first sync lists every user; later ones search only users updated since, and a deactivation between syncs offboards', async () => {
    okta.users.length = 0;
    okta.apps.length = 0;
    okta.logs.length = 0;
    const stays = oktaUser('st.ays@umbrella.test', { lastUpdated: '2026-02-01T10:00:00.000Z' });
    const mover = oktaUser('mo.ver@umbrella.test', { lastUpdated: '2026-02-03T10:00:00.000Z' });
    const leaver = oktaUser('lea.ver@umbrella.test', { lastUpdated: '2026-02-02T10:00:00.000Z' });
    okta.users.push(stays, mover, leaver);
    const before = okta.requests.length;
    const org = await connectedOrg();
    const first = okta.requests.slice(before).filter((r) => r.path === '/api/v1/users');
    expect(first.map((r) => r.query.filter ?? r.query.search ?? null)).toEqual([
      null,
      'status eq "DEPROVISIONED"',
    ]);
    expect(await peopleOf(org.orgId)).toHaveLength(3);

    mover.profile.department = 'Sales';
    mover.lastUpdated = '2026-03-30T08:00:00.000Z';
    leaver.status = 'DEPROVISIONED';
    leaver.lastUpdated = '2026-03-30T09:00:00.000Z';
    okta.users.push(oktaUser('new.hire@umbrella.test', { lastUpdated: '2026-03-30T07:00:00.000Z' }));
    const mark = okta.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const second = okta.requests.slice(mark).filter((r) => r.path === '/api/v1/users');
    // One search from the latest lastUpdated of the first sync; no full list, no separate deactivated list.
    expect(second.map((r) => r.query)).toEqual([
      { limit: '200', search: 'lastUpdated gt "2026-02-03T10:00:00.000Z"' },
    ]);
    expect((await kit.connectionOf(org.client, 'okta')).lastRun.counts).toMatchObject({
      peopleCreated: 1,
      peopleUpdated: 1,
      peopleOffboarded: 1,
    });
    const rows = await peopleOf(org.orgId);
    expect(rows.find((p) => p.email === 'mo.ver@umbrella.test')?.department).toBe('Sales');
    expect(rows.find((p) => p.email === 'lea.ver@umbrella.test')?.status).toBe('offboarded');

    // The next search starts from the latest change seen.
    const third = okta.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(
      okta.requests
        .slice(third)
        .filter((r) => r.path === '/api/v1/users')
        .map((r) => r.query.search),
    ).toEqual(['lastUpdated gt "2026-03-30T09:00:00.000Z"']);
  });
});

describe('Okta through an OAuth service app', () => {
  const decode = (jwt: string) =>
    jwt
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
  const tokenCalls = () => okta.requests.filter((r) => r.path === '/oauth2/v1/token');

  it('connects with the client id and private key (sealed, never answered), signs a client assertion, and asks for a new token once it expires', async () => {
    okta.users.length = 0;
    okta.users.push(oktaUser('svc.person@hooli.test'));
    const org = await kit.growthOrg();
    const before = tokenCalls().length;
    const answer = await org.client.post('/api/connectors/okta/token', {
      domain: okta.base,
      method: 'service_app',
      clientId: okta.serviceApp.clientId,
      privateKey: okta.serviceApp.privateKeyPem,
    });
    expect(answer.statusCode).toBe(201);
    const connection = await kit.waitForRun(org.client, 'connect', 'okta');
    expect(connection.lastRun).toMatchObject({ status: 'succeeded', counts: { peopleCreated: 1 } });
    expect(connection.scopes).toEqual(['okta.users.read', 'okta.apps.read', 'okta.logs.read']);

    const [call] = tokenCalls().slice(before);
    expect(call.form).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'okta.users.read okta.apps.read okta.logs.read',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    });
    const [header, claims] = decode(call.form.client_assertion);
    expect(header.alg).toBe('RS256');
    expect(claims).toMatchObject({
      iss: okta.serviceApp.clientId,
      sub: okta.serviceApp.clientId,
      aud: `${okta.base}/oauth2/v1/token`,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(3600);
    expect(claims.jti).toBeTruthy();
    // API calls carry the access token as Bearer.
    const apiCall = okta.requests.filter((r) => r.path === '/api/v1/users').at(-1);
    expect(apiCall?.headers.authorization).toMatch(/^Bearer /);

    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.clientId).toBe(okta.serviceApp.clientId);
    expect(stored.clientKey).toMatch(/^enc:v1:/);
    expect(stored.clientKey).not.toContain('PRIVATE KEY');
    const listed = await org.client.get('/api/connectors');
    expect(listed.body).not.toContain('PRIVATE KEY');

    // No refresh token in client credentials: an expired access token is asked for again.
    okta.expireAccessTokens();
    const mark = tokenCalls().length;
    expect(await sync(org.orgId, connection.id as string)).toBe('succeeded');
    const again = tokenCalls().slice(mark);
    expect(again).toHaveLength(1);
    expect(decode(again[0].form.client_assertion)[1].jti).not.toBe(claims.jti);
  });

  it('takes the private key as a JWK (its kid in the assertion)', async () => {
    const org = await kit.growthOrg();
    const answer = await org.client.post('/api/connectors/okta/token', {
      domain: okta.base,
      method: 'service_app',
      clientId: okta.serviceApp.clientId,
      privateKey: JSON.stringify(okta.serviceApp.privateJwk),
    });
    expect(answer.statusCode).toBe(201);
    expect(decode(tokenCalls().at(-1)!.form.client_assertion)[0].kid).toBe('stackwise-test');
  });

  it('refuses another key, a DPoP-only app, scopes not granted and a malformed key with clear messages, storing nothing', async () => {
    const org = await kit.growthOrg();
    const connect = (body: Record<string, string>) =>
      org.client.post('/api/connectors/okta/token', {
        domain: okta.base,
        method: 'service_app',
        clientId: okta.serviceApp.clientId,
        privateKey: okta.serviceApp.privateKeyPem,
        ...body,
      });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const wrongKey = await connect({ privateKey: other });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().message).toMatch(/Okta refused this service app/);

    okta.requireDpop = true;
    const dpop = await connect({});
    okta.requireDpop = false;
    expect(dpop.statusCode).toBe(400);
    expect(dpop.json().message).toMatch(/requires DPoP-bound tokens, which are not supported/);

    okta.grantedScopes = ['okta.users.read'];
    const scopes = await connect({});
    okta.grantedScopes = ['okta.users.read', 'okta.apps.read', 'okta.logs.read'];
    expect(scopes.statusCode).toBe(400);
    expect(scopes.json().message).toMatch(/invalid_scope/);

    const malformed = await connect({ privateKey: 'not a key at all' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/PEM/);
    const noClient = await connect({ clientId: '' });
    expect(noClient.statusCode).toBe(400);
    expect(await kit.connectionOf(org.client, 'okta')).toBeNull();
  });
});
