import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  connections,
  connectorActivity,
  discoveredApps,
  licenseAssignments,
  people,
  subscriptions,
} from '../../db/schema';
import {
  addMemberWithSession,
  api,
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
  setPlan,
} from '../../test/factories';
import { useConnectorServer } from './connectors.test-helpers';
import { connectorsJob } from './connectors.job';
import { type FakeGoogle, startFakeGoogle } from './google/fake-google';
import type { GoogleActivity, GoogleUser } from './google/google-connector';

const kit = useConnectorServer(startFakeGoogle);
const { clock, server, db, sync, peopleOf } = kit;
let google: FakeGoogle;
beforeAll(() => {
  google = kit.fake();
});
const waitForRun = (client: ReturnType<typeof api>, reason: string) =>
  kit.waitForRun(client, reason, 'google_workspace');

let userSeq = 0;
function googleUser(email: string, overrides: Partial<GoogleUser> = {}): GoogleUser {
  userSeq += 1;
  const [given, family] = email.split('@')[0].split('.');
  return {
    id: `1000${userSeq}`,
    primaryEmail: email,
    name: { givenName: given, familyName: family ?? '', fullName: `${given} ${family ?? ''}`.trim() },
    suspended: false,
    orgUnitPath: '/',
    organizations: [{ department: 'Engineering', title: 'Engineer', primary: true }],
    ...overrides,
  };
}

let activitySeq = 0;
function tokenEvent(
  email: string,
  time: string,
  app: { id: string; name: string; scopes: string[] },
  name = 'authorize',
): GoogleActivity {
  activitySeq += 1;
  return {
    id: { time, uniqueQualifier: String(activitySeq), applicationName: 'token', customerId: 'C01' },
    actor: { email, profileId: String(activitySeq) },
    events: [
      {
        type: 'auth',
        name,
        parameters: [
          { name: 'client_id', value: app.id },
          { name: 'app_name', value: app.name },
          { name: 'client_type', value: 'WEB' },
          { name: 'scope', multiValue: app.scopes },
        ],
      },
    ],
  };
}
function loginEvent(email: string, time: string): GoogleActivity {
  activitySeq += 1;
  return {
    id: { time, uniqueQualifier: String(activitySeq), applicationName: 'login' },
    actor: { email },
    events: [
      {
        type: 'login',
        name: 'login_success',
        parameters: [{ name: 'login_type', value: 'google_password' }],
      },
    ],
  };
}

const SLACK = {
  id: '1111.apps.googleusercontent.com',
  name: 'Slack',
  scopes: ['openid', 'https://www.googleapis.com/auth/calendar.readonly'],
};
const NOTION = {
  id: '2222.apps.googleusercontent.com',
  name: 'Notion',
  scopes: ['openid', 'https://www.googleapis.com/auth/drive.file'],
};
const PERSONAL = {
  id: '3333.apps.googleusercontent.com',
  name: 'Weekend Side Project',
  scopes: ['openid', 'email'],
};

/** A Growth organization whose owner connected Google Workspace through the consent page; its first sync done. */
async function connectedOrg(domain: string, existing?: Awaited<ReturnType<typeof buildOrgOwner>>) {
  const owner = existing ?? (await buildOrgOwner(server.app));
  await setPlan(db(), owner.orgId, 'pro');
  const client = api(server.app, owner.cookie);
  const started = await client.post('/api/connectors/google_workspace/connect');
  expect(started.statusCode).toBe(200);
  const authorizeUrl = new URL(started.json().authorizeUrl as string);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await google.approve(authorizeUrl.toString());
  expect(back.pathname).toBe('/api/connectors/oauth/callback');
  const callback = `/api/connectors/oauth/callback${back.search}`;
  const answer = await client.get(callback);
  expect(answer.statusCode).toBe(302);
  expect(answer.headers.location).toBe('/app/settings/integrations?connected=google_workspace');
  // The state is single use.
  const replay = await client.get(callback);
  expect(replay.headers.location).toMatch(/error=/);
  const connection = await waitForRun(client, 'connect');
  return { owner, client, orgId: owner.orgId, connectionId: connection.id as string, domain };
}

describe('Google Workspace connector', () => {
  let org: Awaited<ReturnType<typeof connectedOrg>>;

  beforeAll(async () => {
    google.users.push(
      googleUser('ada.lovelace@acme.test', {
        relations: [{ value: 'grace.hopper@acme.test', type: 'manager' }],
      }),
      googleUser('grace.hopper@acme.test'),
      googleUser('alan.turing@acme.test', { organizations: [{ department: 'Research', primary: true }] }),
      googleUser('old.timer@acme.test', { suspended: true }),
    );
    google.activities.token.push(
      tokenEvent('ada.lovelace@acme.test', '2026-03-01T10:00:00.000Z', SLACK),
      tokenEvent('grace.hopper@acme.test', '2026-03-20T10:00:00.000Z', SLACK),
      tokenEvent('alan.turing@acme.test', '2026-03-05T10:00:00.000Z', NOTION),
      tokenEvent('ada.lovelace@acme.test', '2026-03-06T10:00:00.000Z', PERSONAL),
    );
    google.activities.login.push(
      loginEvent('ada.lovelace@acme.test', '2026-03-30T08:00:00.000Z'),
      loginEvent('grace.hopper@acme.test', '2026-02-01T08:00:00.000Z'),
    );
    org = await connectedOrg('acme.test');
  });

  it('connects with PKCE, seals the tokens, and the first sync brings people and discovered applications', async () => {
    const tokenCall = google.requests.find(
      (r) => r.path === '/token' && r.form.grant_type === 'authorization_code',
    );
    expect(tokenCall?.form.code_verifier).toBeTruthy();
    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.accessToken).toMatch(/^enc:v1:/);
    expect(stored.refreshToken).toMatch(/^enc:v1:/);
    expect(stored.accessToken).not.toContain('ya29.');

    const list = (await org.client.get('/api/connectors')).json();
    const connection = list.connectors[0].connection;
    expect(connection.status).toBe('connected');
    expect(connection.lastRun).toMatchObject({
      status: 'succeeded',
      counts: { peopleCreated: 3, appsDiscovered: 3 },
    });

    const rows = await peopleOf(org.orgId);
    expect(rows.map((p) => p.email).sort()).toEqual([
      'ada.lovelace@acme.test',
      'alan.turing@acme.test',
      'grace.hopper@acme.test',
    ]);
    const ada = rows.find((p) => p.email === 'ada.lovelace@acme.test')!;
    expect(ada).toMatchObject({ source: 'google_workspace', department: 'Engineering', firstName: 'ada' });
    expect(ada.externalId).toMatch(/^1000/);

    const discovered = (await org.client.get('/api/connectors/discovered')).json().apps;
    expect(discovered.map((a: { name: string }) => a.name)).toEqual([
      'Slack',
      'Notion',
      'Weekend Side Project',
    ]);
    expect(discovered[0]).toMatchObject({
      catalogSlug: 'slack',
      usersCount: 2,
      lastSeenAt: '2026-03-20T10:00:00.000Z',
      lowSignal: false,
    });
    expect(discovered[2]).toMatchObject({ catalogSlug: null, usersCount: 1, lowSignal: true });
  });

  it('links a manager listed after their report on the same page in the first sync', async () => {
    const rows = await peopleOf(org.orgId);
    const grace = rows.find((p) => p.email === 'grace.hopper@acme.test')!;
    expect(rows.find((p) => p.email === 'ada.lovelace@acme.test')?.managerId).toBe(grace.id);
    const { counts } = (await kit.connectionOf(org.client, 'google_workspace')).lastRun;
    expect(counts).toMatchObject({ peopleCreated: 3, peopleUpdated: 0 });
  });

  it('reads incrementally: the next sync asks only for events since the last one, and adds nothing twice', async () => {
    const before = google.requests.length;
    google.activities.token.push(tokenEvent('alan.turing@acme.test', '2026-03-30T10:00:00.000Z', SLACK));
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const tokenReads = google.requests.slice(before).filter((r) => r.path.endsWith('/applications/token'));
    expect(tokenReads[0].query.startTime).toBe('2026-03-20T10:00:00.000Z');
    const activity = await db()
      .select()
      .from(connectorActivity)
      .where(eq(connectorActivity.organizationId, org.orgId));
    // ada×2 apps, grace, alan×2 apps (token) + 2 logins; the repeated event of grace added no row.
    expect(activity).toHaveLength(7);
    const slack = (await org.client.get('/api/connectors/discovered')).json().apps[0];
    expect(slack).toMatchObject({ name: 'Slack', usersCount: 3 });
    expect(await peopleOf(org.orgId)).toHaveLength(3);
  });

  it('resumes a sync that crashed mid-way at the page it was reading, without duplicates', async () => {
    for (let i = 0; i < 600; i += 1) google.users.push(googleUser(`bulk.person${i}@acme.test`));
    // The second page of users fails once (the server died): the attempt throws, the run stays open.
    const secondPage = Buffer.from('500').toString('base64url');
    google.fail({ pathPrefix: '/admin/directory/v1/users', status: 500, pageToken: secondPage, times: 1 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    expect((await org.client.get('/api/connectors')).json().connectors[0].connection.lastRun.status).toBe(
      'running',
    );
    const before = google.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const userReads = google.requests
      .slice(before)
      .filter((r) => r.path === '/admin/directory/v1/users' && !r.query.showDeleted);
    expect(userReads[0].query.pageToken).toBe(secondPage);
    expect(await peopleOf(org.orgId)).toHaveLength(603);
  });

  it('ends the run as failed when the last attempt fails, and the next sync resumes from its cursors', async () => {
    const thirdPage = Buffer.from('1000').toString('base64url');
    for (let i = 600; i < 1100; i += 1) google.users.push(googleUser(`bulk.person${i}@acme.test`));
    google.fail({ pathPrefix: '/admin/directory/v1/users', status: 500, pageToken: thirdPage, times: 2 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    await expect(sync(org.orgId, org.connectionId, { finalAttempt: true })).rejects.toThrow(/500/);
    const connector = (await org.client.get('/api/connectors')).json().connectors[0];
    expect(connector.connection.status).toBe('connected');
    expect(connector.connection.lastRun).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/500/),
    });
    expect(connector.connection.lastRun.finishedAt).not.toBeNull();
    const before = google.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const userReads = google.requests
      .slice(before)
      .filter((r) => r.path === '/admin/directory/v1/users' && !r.query.showDeleted);
    expect(userReads[0].query.pageToken).toBe(thirdPage);
    expect(await peopleOf(org.orgId)).toHaveLength(1103);
  });

  it('waits out a 429 storm as Retry-After says, then finishes', async () => {
    const waits: number[] = [];
    google.fail({
      pathPrefix: '/admin/reports/v1/activity/users/all/applications/token',
      status: 429,
      retryAfter: '2',
      times: 3,
    });
    const status = await sync(org.orgId, org.connectionId, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(status).toBe('succeeded');
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('stores provider data with NUL bytes and lone surrogates cleaned, and the sync finishes', async () => {
    google.users.push(
      googleUser('nul.byte@acme.test', {
        name: { givenName: 'Nu\u0000l', familyName: 'By\uD800te', fullName: 'Nul Byte' },
      }),
    );
    google.activities.token.push(
      tokenEvent('nul.byte@acme.test', new Date(clock.now().getTime() + 30_000).toISOString(), {
        id: '4444.apps',
        name: 'Odd\u0000App',
        scopes: ['openid'],
      }),
    );
    const run = await sync(org.orgId, org.connectionId);
    expect(run).toBeDefined();
    const stored = (await peopleOf(org.orgId)).find((p) => p.email === 'nul.byte@acme.test');
    expect(stored).toMatchObject({ firstName: 'Nul', lastName: 'By\uFFFDte' });
    const discovered = await db()
      .select()
      .from(discoveredApps)
      .where(eq(discoveredApps.organizationId, org.orgId));
    expect(discovered.map((d) => d.name)).toContain('OddApp');
  });

  it('refreshes an expired access token; a refused refresh sets the connection to Reconnect', async () => {
    google.expireAccessTokens();
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(google.requests.some((r) => r.path === '/token' && r.form.grant_type === 'refresh_token')).toBe(
      true,
    );

    google.expireAccessTokens();
    google.revokeRefreshTokens();
    expect(await sync(org.orgId, org.connectionId)).toBe('failed');
    const connection = (await org.client.get('/api/connectors')).json().connectors[0].connection;
    expect(connection.status).toBe('needs_reconnect');
    expect(connection.lastRun.error).toMatch(/connect again/);
    expect((await org.client.post('/api/connectors/google_workspace/sync')).statusCode).toBe(409);
    // Nothing logged or stored in the clear.
    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.refreshToken).toMatch(/^enc:v1:/);
  });
});

describe('people, offboarding and seats', () => {
  it('a suspended or deleted account starts the offboarding; SCIM and hand-entered people are matched, not duplicated', async () => {
    google.users.length = 0;
    google.deletedUsers.length = 0;
    google.activities.token.length = 0;
    google.activities.login.length = 0;
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    // Already in People: by hand (adopted by e-mail), from SCIM (matched, its fields left to SCIM).
    const manual = await buildPerson(db(), owner.orgId, { email: 'kim.lee@beta.test', firstName: 'Kim' });
    const scim = await buildPerson(db(), owner.orgId, {
      email: 'sam.roe@beta.test',
      source: 'scim',
      externalId: 'scim-1',
      department: 'Ops',
    });
    const leaver = await buildPerson(db(), owner.orgId, { email: 'lea.ver@beta.test' });
    const suspended = await buildPerson(db(), owner.orgId, { email: 'sus.pended@beta.test' });
    const workspace = await buildSubscription(db(), owner.orgId, {
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
    });
    const pool = await buildPool(db(), owner.orgId, workspace.id);
    const seat = await buildAssignment(db(), owner.orgId, pool.id, manual.id);
    const leaverSeat = await buildAssignment(db(), owner.orgId, pool.id, leaver.id);
    google.users.push(
      googleUser('kim.lee@beta.test'),
      googleUser('sam.roe@beta.test', { organizations: [{ department: 'Sales', primary: true }] }),
      googleUser('sus.pended@beta.test', { suspended: true }),
    );
    google.deletedUsers.push(googleUser('lea.ver@beta.test', { deletionTime: '2026-03-29T00:00:00.000Z' }));
    google.activities.login.push(loginEvent('kim.lee@beta.test', '2026-03-30T09:00:00.000Z'));

    const client = api(server.app, owner.cookie);
    const started = (await client.post('/api/connectors/google_workspace/connect')).json();
    const back = await google.approve(started.authorizeUrl);
    expect((await client.get(`/api/connectors/oauth/callback${back.search}`)).statusCode).toBe(302);
    await waitForRun(client, 'connect');

    const rows = await peopleOf(owner.orgId);
    expect(rows).toHaveLength(4);
    expect(rows.find((p) => p.id === manual.id)).toMatchObject({
      source: 'google_workspace',
      status: 'active',
    });
    expect(rows.find((p) => p.id === scim.id)).toMatchObject({
      source: 'scim',
      department: 'Ops',
      externalId: 'scim-1',
    });
    expect(rows.find((p) => p.id === leaver.id)?.status).toBe('offboarded');
    expect(rows.find((p) => p.id === suspended.id)?.status).toBe('offboarded');
    const [closed] = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.id, leaverSeat.id));
    expect(closed.unassignReason).toBe('offboarding');
    const offboardings = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, owner.orgId), eq(auditEvents.action, 'connector.person_offboard')),
      );
    expect(offboardings).toHaveLength(2);
    // Sign-ins to Google are the Google Workspace seat's last use.
    const [used] = await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, seat.id));
    expect(used).toMatchObject({ source: 'google_workspace', activitySignal: 'sign-in' });
    expect(used.lastActiveAt?.toISOString()).toBe('2026-03-30T09:00:00.000Z');
    // "Sync now" and the daily step each queue a run, which the queue runs.
    clock.advance(60_000);
    expect((await client.post('/api/connectors/google_workspace/sync')).statusCode).toBe(202);
    expect((await waitForRun(client, 'manual')).lastRun.status).toBe('succeeded');
    clock.advance(60_000);
    await connectorsJob.run(server.app.deps, { orgId: owner.orgId, date: '2026-03-31' });
    expect((await waitForRun(client, 'daily')).lastRun.status).toBe('succeeded');
    expect(await peopleOf(owner.orgId)).toHaveLength(4);
    // The application names its usage source and freshness.
    const overview = (await client.get('/api/licenses')).json();
    expect(overview.applications.find((x: { name: string }) => x.name === 'Google Workspace')).toMatchObject({
      hasUsageData: true,
      usageSource: 'google_workspace',
      lastActivityAt: '2026-03-30T09:00:00.000Z',
    });
  });
});

describe('Google Workspace seats (License Manager)', () => {
  it('writes the purchased and assigned licenses to Google Workspace, releases one no longer assigned, and keeps sign-ins as last use', async () => {
    google.users.length = 0;
    google.deletedUsers.length = 0;
    google.activities.token.length = 0;
    google.activities.login.length = 0;
    google.users.push(
      googleUser('ann.one@delta.test'),
      googleUser('bob.two@delta.test'),
      googleUser('cy.three@delta.test'),
    );
    google.activities.login.push(loginEvent('ann.one@delta.test', '2026-03-30T09:00:00.000Z'));
    const license = (email: string, skuName: string) => ({
      kind: 'licensing#licenseAssignment',
      userId: email,
      productId: 'Google-Apps',
      productName: 'Google Workspace',
      skuId: skuName === 'Google Workspace Business Standard' ? '1010020028' : '1010020027',
      skuName,
    });
    google.licenses.push(
      license('ann.one@delta.test', 'Google Workspace Business Standard'),
      license('bob.two@delta.test', 'Google Workspace Business Standard'),
      license('cy.three@delta.test', 'Google Workspace Business Starter'),
      license('left.already@delta.test', 'Google Workspace Business Standard'),
    );
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    await buildSubscription(db(), owner.orgId, {
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
      pricingModel: 'per-seat',
      seats: 10,
      unitPriceMinor: 1_400,
    });
    const org = await connectedOrg('delta.test', owner);
    try {
      const read = google.requests.find((r) => r.path === '/apps/licensing/v1/product/Google-Apps/users');
      expect(read?.query).toMatchObject({ customerId: google.customerId, maxResults: '1000' });
      const workspace = (await org.client.get('/api/licenses'))
        .json()
        .applications.find((a: { name: string }) => a.name === 'Google Workspace');
      // No purchased total in the API: purchased = licenses assigned (4, one holder not in People).
      expect(workspace.pools).toHaveLength(1);
      expect(workspace.pools[0]).toMatchObject({
        tierName: 'Google Workspace Business Standard',
        seats: 4,
        seatsSource: 'google_workspace',
      });
      expect(workspace.utilisation).toMatchObject({ purchased: 4, assigned: 3 });
      expect(workspace).toMatchObject({
        usageSource: 'google_workspace',
        lastActivityAt: '2026-03-30T09:00:00.000Z',
      });

      google.licenses.splice(1, 1);
      expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
      const seats = await db()
        .select({ email: people.email, unassignReason: licenseAssignments.unassignReason })
        .from(licenseAssignments)
        .innerJoin(people, eq(people.id, licenseAssignments.personId))
        .where(eq(licenseAssignments.organizationId, org.orgId));
      expect(seats.find((s) => s.email === 'bob.two@delta.test')?.unassignReason).toBe('connector');
      expect(seats.filter((s) => s.unassignReason === null)).toHaveLength(2);
      expect(seats).toHaveLength(3);
    } finally {
      google.licenses.length = 0;
    }
  });
});

describe('discovered applications, access and tenancy', () => {
  it('Add creates the application with a seat per user and their last use; Ignore hides one; another tenant sees nothing', async () => {
    google.users.length = 0;
    google.deletedUsers.length = 0;
    google.activities.login.length = 0;
    google.activities.token.length = 0;
    google.users.push(googleUser('ann.one@gamma.test'), googleUser('bob.two@gamma.test'));
    google.activities.token.push(
      tokenEvent('ann.one@gamma.test', '2026-03-10T10:00:00.000Z', NOTION),
      tokenEvent('bob.two@gamma.test', '2026-03-25T10:00:00.000Z', NOTION),
      tokenEvent('bob.two@gamma.test', '2026-03-26T10:00:00.000Z', PERSONAL),
    );
    const org = await connectedOrg('gamma.test');
    const apps = (await org.client.get('/api/connectors/discovered')).json().apps as Array<{
      id: string;
      name: string;
    }>;
    const notion = apps.find((a) => a.name === 'Notion')!;
    const personal = apps.find((a) => a.name === 'Weekend Side Project')!;

    const other = await buildOrgOwner(server.app);
    await setPlan(db(), other.orgId, 'pro');
    const otherClient = api(server.app, other.cookie);
    expect((await otherClient.get('/api/connectors/discovered')).json().apps).toEqual([]);
    expect((await otherClient.post(`/api/connectors/discovered/${notion.id}/add`)).statusCode).toBe(404);

    // Two clicks at once: one adds it, the other is refused and leaves nothing behind.
    const both = await Promise.all([
      org.client.post(`/api/connectors/discovered/${notion.id}/add`),
      org.client.post(`/api/connectors/discovered/${notion.id}/add`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const added = both.find((r) => r.statusCode === 201)!;
    const notions = await db()
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.organizationId, org.orgId), eq(subscriptions.name, 'Notion')));
    expect(notions).toHaveLength(1);
    // One audit row for the one action, naming its steps (application, pool, seats).
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.organizationId, org.orgId));
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'connector.discovered_add')).toHaveLength(1);
    expect(actions).not.toContain('subscription.create');
    expect(actions).not.toContain('license.assign');
    expect(added.json().seats).toBe(2);
    const seats = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.organizationId, org.orgId));
    expect(seats).toHaveLength(2);
    expect(seats.map((s) => s.lastActiveAt?.toISOString()).sort()).toEqual([
      '2026-03-10T10:00:00.000Z',
      '2026-03-25T10:00:00.000Z',
    ]);
    expect(seats.every((s) => s.source === 'google_workspace')).toBe(true);
    // Held since the first grant the connector saw, not since the click.
    expect(seats.map((s) => s.assignedAt.toISOString()).sort()).toEqual([
      '2026-03-10T10:00:00.000Z',
      '2026-03-25T10:00:00.000Z',
    ]);
    expect((await org.client.post(`/api/connectors/discovered/${notion.id}/add`)).statusCode).toBe(409);

    expect((await org.client.post(`/api/connectors/discovered/${personal.id}/ignore`)).statusCode).toBe(204);
    expect((await org.client.get('/api/connectors/discovered')).json().apps).toEqual([]);
    expect((await org.client.get('/api/connectors/discovered?status=ignored')).json().apps).toHaveLength(1);

    // Disconnect keeps what was imported and stops syncing.
    expect((await org.client.delete('/api/connectors/google_workspace')).statusCode).toBe(204);
    expect(await sync(org.orgId, org.connectionId)).toBe('skipped');
    expect(await peopleOf(org.orgId)).toHaveLength(2);
  });

  it('members read but cannot connect, sync or disconnect; Starter has no connectors', async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    const member = await addMemberWithSession(db(), owner.orgId, 'member');
    const memberClient = api(server.app, member.cookie);
    expect((await memberClient.get('/api/connectors')).statusCode).toBe(200);
    expect((await memberClient.post('/api/connectors/google_workspace/connect')).statusCode).toBe(403);
    expect((await memberClient.post('/api/connectors/google_workspace/sync')).statusCode).toBe(403);
    expect((await memberClient.delete('/api/connectors/google_workspace')).statusCode).toBe(403);

    const starter = await buildOrgOwner(server.app);
    await setPlan(db(), starter.orgId, 'starter');
    const starterClient = api(server.app, starter.cookie);
    const refused = await starterClient.post('/api/connectors/google_workspace/connect');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_required');
    expect((await starterClient.get('/api/connectors')).json().code).toBe('plan_required');
  });
});
