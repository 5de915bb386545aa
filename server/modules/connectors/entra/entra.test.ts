import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  connections,
  connectorActivity,
  licenseAssignments,
  licensePools,
} from '../../../db/schema';
import { buildAssignment, buildPerson, buildPool, buildSubscription } from '../../../test/factories';
import { useConnectorServer } from '../connectors.test-helpers';
import type { GraphServicePrincipal, GraphSignIn, GraphUser } from './entra-connector';
import { MICROSOFT_TENANT_ID } from './entra-connector';
import { type FakeMicrosoft, startFakeMicrosoft } from './fake-microsoft';

const kit = useConnectorServer(startFakeMicrosoft);
const { db, sync, peopleOf } = kit;
let ms: FakeMicrosoft;
beforeAll(() => {
  ms = kit.fake();
});

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function graphUser(email: string, overrides: Partial<GraphUser> = {}): GraphUser {
  seq += 1;
  const [given, family = ''] = email.split('@')[0].split('.');
  return {
    id: uuid(seq),
    displayName: `${given} ${family}`.trim(),
    givenName: given,
    surname: family,
    mail: email,
    userPrincipalName: email,
    department: 'Engineering',
    jobTitle: 'Engineer',
    accountEnabled: true,
    ...overrides,
  };
}
function principal(name: string, overrides: Partial<GraphServicePrincipal> = {}): GraphServicePrincipal {
  seq += 1;
  return {
    id: uuid(1000 + seq),
    appId: uuid(2000 + seq),
    appDisplayName: name,
    displayName: name,
    appOwnerOrganizationId: uuid(9),
    tags: ['WindowsAzureActiveDirectoryIntegratedApp'],
    ...overrides,
  };
}
function signIn(user: GraphUser, app: { appId: string; appDisplayName: string }, at: string): GraphSignIn {
  seq += 1;
  return {
    id: uuid(5000 + seq),
    createdDateTime: at,
    userPrincipalName: user.userPrincipalName,
    userId: user.id,
    appId: app.appId,
    appDisplayName: app.appDisplayName,
    status: { errorCode: 0, failureReason: null },
  };
}
const OFFICE = {
  appId: '00000002-0000-0ff1-ce00-000000000000',
  appDisplayName: 'Office 365 Exchange Online',
};

/** A Growth organization whose owner consented through the Microsoft identity platform; its first sync done. */
async function connectedOrg() {
  const org = await kit.growthOrg();
  const started = await org.client.post('/api/connectors/entra_id/connect');
  expect(started.statusCode).toBe(200);
  const authorizeUrl = new URL(started.json().authorizeUrl as string);
  expect(authorizeUrl.pathname).toBe('/organizations/oauth2/v2.0/authorize');
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('scope')).toBe(
    'offline_access User.Read.All Directory.Read.All AuditLog.Read.All Application.Read.All',
  );
  const back = await ms.approve(authorizeUrl.toString());
  const answer = await org.client.get(`/api/connectors/oauth/callback${back.search}`);
  expect(answer.headers.location).toBe('/app/settings/integrations?connected=entra_id');
  const connection = await kit.waitForRun(org.client, 'connect', 'entra_id');
  return { ...org, connectionId: connection.id as string };
}

describe('Microsoft Entra ID connector', () => {
  let org: Awaited<ReturnType<typeof connectedOrg>>;
  const ada = graphUser('ada.lovelace@contoso.test');
  const grace = graphUser('grace.hopper@contoso.test', { department: 'Research' });
  const alan = graphUser('alan.turing@contoso.test');
  const slack = principal('Slack');
  const notion = principal('Notion');
  const unused = principal('Zoom');
  const teams = principal('Microsoft Teams', { appOwnerOrganizationId: MICROSOFT_TENANT_ID, tags: [] });
  const graph = principal('Microsoft Graph', { appOwnerOrganizationId: MICROSOFT_TENANT_ID, tags: [] });

  beforeAll(async () => {
    ms.users.push(
      { ...ada, manager: { mail: grace.mail } },
      grace,
      alan,
      graphUser('old.timer@contoso.test', { accountEnabled: false }),
    );
    ms.servicePrincipals.push(slack, notion, unused, teams, graph);
    ms.grants.push(
      {
        id: 'g1',
        clientId: slack.id,
        consentType: 'Principal',
        principalId: ada.id,
        resourceId: graph.id,
        scope: 'openid User.Read Calendars.Read',
      },
      {
        id: 'g2',
        clientId: notion.id,
        consentType: 'AllPrincipals',
        principalId: null,
        resourceId: graph.id,
        scope: 'Files.Read.All',
      },
      {
        id: 'g3',
        clientId: teams.id,
        consentType: 'Principal',
        principalId: ada.id,
        resourceId: graph.id,
        scope: 'User.Read',
      },
    );
    ms.signIns.push(
      signIn(grace, { appId: slack.appId, appDisplayName: 'Slack' }, '2026-03-20T10:00:00Z'),
      signIn(alan, { appId: notion.appId, appDisplayName: 'Notion' }, '2026-03-05T10:00:00Z'),
      signIn(ada, OFFICE, '2026-03-30T08:00:00Z'),
      {
        ...signIn(alan, OFFICE, '2026-03-30T09:00:00Z'),
        status: { errorCode: 50126, failureReason: 'Invalid' },
      },
    );
    org = await connectedOrg();
  });

  it('first sync: people with managers, enterprise apps with grants and sign-ins; Microsoft’s own apps are not discoveries', async () => {
    const tokenCall = ms.requests.find(
      (r) => r.path.endsWith('/oauth2/v2.0/token') && r.form.grant_type === 'authorization_code',
    );
    expect(tokenCall?.form.code_verifier).toBeTruthy();
    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.accessToken).toMatch(/^enc:v1:/);
    expect(stored.refreshToken).toMatch(/^enc:v1:/);

    const connection = await kit.connectionOf(org.client, 'entra_id');
    expect(connection.lastRun).toMatchObject({ status: 'succeeded', counts: { peopleCreated: 3 } });
    const rows = await peopleOf(org.orgId);
    expect(rows.map((p) => p.email).sort()).toEqual([
      'ada.lovelace@contoso.test',
      'alan.turing@contoso.test',
      'grace.hopper@contoso.test',
    ]);
    const adaRow = rows.find((p) => p.email === 'ada.lovelace@contoso.test')!;
    const graceRow = rows.find((p) => p.email === 'grace.hopper@contoso.test')!;
    expect(adaRow).toMatchObject({ source: 'entra_id', externalId: ada.id, title: 'Engineer' });
    expect(graceRow.department).toBe('Research');

    const apps = (await org.client.get('/api/connectors/discovered')).json().apps as Array<{
      name: string;
      provider: string;
      usersCount: number;
      scopes: string[];
      lastSeenAt: string;
    }>;
    expect(apps.map((a) => a.name).sort()).toEqual(['Notion', 'Slack', 'Zoom']);
    const slackApp = apps.find((a) => a.name === 'Slack')!;
    expect(slackApp).toMatchObject({ provider: 'entra_id', usersCount: 2 });
    expect(slackApp.scopes).toEqual(['Calendars.Read', 'User.Read', 'openid']);
    expect(apps.find((a) => a.name === 'Notion')).toMatchObject({
      usersCount: 1,
      scopes: ['Files.Read.All'],
    });
    // Users of grants were read 15 ids at a time at most; the first sign-in read went back 30 days.
    const firstRead = ms.requests.find((r) => r.path === '/v1.0/auditLogs/signIns');
    expect(firstRead?.query.$filter).toBe('createdDateTime ge 2026-03-01T12:00:00.000Z');
  });

  it('reads sign-ins incrementally and adds nothing twice', async () => {
    const before = ms.requests.length;
    ms.signIns.push(signIn(alan, { appId: slack.appId, appDisplayName: 'Slack' }, '2026-03-31T11:00:00Z'));
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const reads = ms.requests.slice(before).filter((r) => r.path === '/v1.0/auditLogs/signIns');
    // From the latest event read (a failed sign-in counts: it was read).
    expect(reads[0].query.$filter).toBe('createdDateTime ge 2026-03-30T09:00:00.000Z');
    const apps = (await org.client.get('/api/connectors/discovered')).json().apps;
    expect(apps.find((a: { name: string }) => a.name === 'Slack')).toMatchObject({ usersCount: 3 });
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const activity = await db()
      .select()
      .from(connectorActivity)
      .where(eq(connectorActivity.organizationId, org.orgId));
    // Slack: ada (grant), grace, alan; Notion: alan; Microsoft 365 sign-in: ada.
    expect(activity).toHaveLength(5);
    expect(await peopleOf(org.orgId)).toHaveLength(3);
  });

  it('resumes a crashed sync at the @odata.nextLink it was reading, without duplicates', async () => {
    for (let i = 0; i < 1200; i += 1) ms.users.push(graphUser(`bulk.person${i}@contoso.test`));
    const secondPage = Buffer.from('999').toString('base64url');
    ms.fail({ pathPrefix: '/v1.0/users', status: 500, query: ['$skiptoken', secondPage], times: 1 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    expect((await kit.connectionOf(org.client, 'entra_id')).lastRun.status).toBe('running');
    const before = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const userReads = ms.requests.slice(before).filter((r) => r.path === '/v1.0/users' && !r.query.$filter);
    expect(userReads[0].query.$skiptoken).toBe(secondPage);
    expect(await peopleOf(org.orgId)).toHaveLength(1203);
  });

  it('waits out a 429 storm as Retry-After says, then finishes', async () => {
    const waits: number[] = [];
    ms.fail({
      pathPrefix: '/v1.0/auditLogs/signIns',
      status: 429,
      headers: { 'retry-after': '3' },
      times: 3,
    });
    const status = await sync(org.orgId, org.connectionId, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(status).toBe('succeeded');
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it('refreshes an expired token (with the scopes again); a revoked grant sets the connection to Reconnect', async () => {
    ms.expireAccessTokens();
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const refresh = ms.requests.find((r) => r.form.grant_type === 'refresh_token');
    expect(refresh?.form.scope).toContain('offline_access');

    ms.expireAccessTokens();
    ms.revokeRefreshTokens();
    expect(await sync(org.orgId, org.connectionId)).toBe('failed');
    const connection = await kit.connectionOf(org.client, 'entra_id');
    expect(connection.status).toBe('needs_reconnect');
    expect((await org.client.post('/api/connectors/entra_id/sync')).statusCode).toBe(409);
  });
});

describe('Entra ID people and tenancy', () => {
  it('a disabled or deleted account starts the offboarding; sign-ins to Microsoft 365 are its seats’ last use; another tenant sees nothing', async () => {
    ms.users.length = 0;
    ms.deletedUsers.length = 0;
    ms.grants.length = 0;
    ms.servicePrincipals.length = 0;
    ms.signIns.length = 0;
    const org = await kit.growthOrg();
    const kim = await buildPerson(db(), org.orgId, { email: 'kim.lee@fabrikam.test' });
    const leaver = await buildPerson(db(), org.orgId, { email: 'lea.ver@fabrikam.test' });
    const disabled = await buildPerson(db(), org.orgId, { email: 'dis.abled@fabrikam.test' });
    const m365 = await buildSubscription(db(), org.orgId, {
      name: 'Microsoft 365',
      catalogSlug: 'microsoft-365',
    });
    const pool = await buildPool(db(), org.orgId, m365.id);
    const seat = await buildAssignment(db(), org.orgId, pool.id, kim.id);
    const leaverSeat = await buildAssignment(db(), org.orgId, pool.id, leaver.id);
    const kimUser = graphUser('kim.lee@fabrikam.test');
    ms.users.push(kimUser, graphUser('dis.abled@fabrikam.test', { accountEnabled: false }));
    ms.deletedUsers.push(graphUser('lea.ver@fabrikam.test', { deletedDateTime: '2026-03-29T00:00:00Z' }));
    ms.signIns.push(signIn(kimUser, OFFICE, '2026-03-30T09:00:00Z'));

    const started = (await org.client.post('/api/connectors/entra_id/connect')).json();
    const back = await ms.approve(started.authorizeUrl);
    await org.client.get(`/api/connectors/oauth/callback${back.search}`);
    await kit.waitForRun(org.client, 'connect', 'entra_id');

    const rows = await peopleOf(org.orgId);
    expect(rows.find((p) => p.id === kim.id)).toMatchObject({ status: 'active', source: 'entra_id' });
    expect(rows.find((p) => p.id === leaver.id)?.status).toBe('offboarded');
    expect(rows.find((p) => p.id === disabled.id)?.status).toBe('offboarded');
    const [closed] = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.id, leaverSeat.id));
    expect(closed.unassignReason).toBe('offboarding');
    const offboardings = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'connector.person_offboard')),
      );
    expect(offboardings).toHaveLength(2);
    const [used] = await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, seat.id));
    expect(used).toMatchObject({ source: 'entra_id', activitySignal: 'sign-in' });
    expect(used.lastActiveAt?.toISOString()).toBe('2026-03-30T09:00:00.000Z');

    const other = await kit.growthOrg();
    expect((await other.client.get('/api/connectors/discovered')).json().apps).toEqual([]);
    expect((await kit.connectionOf(other.client, 'entra_id')) ?? null).toBeNull();
    expect(await peopleOf(other.orgId)).toHaveLength(0);
  });
});

describe('Microsoft 365 seats', () => {
  it('writes the suites’ purchased seats and their holders to Microsoft 365 (add-on SKUs do not count); a license taken away releases the seat', async () => {
    ms.users.length = 0;
    ms.deletedUsers.length = 0;
    ms.grants.length = 0;
    ms.servicePrincipals.length = 0;
    ms.signIns.length = 0;
    const org = await kit.growthOrg();
    const ann = await buildPerson(db(), org.orgId, { email: 'ann.seat@contoso.test' });
    const bob = await buildPerson(db(), org.orgId, { email: 'bob.seat@contoso.test' });
    await buildPerson(db(), org.orgId, { email: 'cy.none@contoso.test' });
    const m365 = await buildSubscription(db(), org.orgId, {
      name: 'Microsoft 365',
      catalogSlug: 'microsoft-365',
    });
    const [e3, powerBi] = [uuid(7001), uuid(7002)];
    ms.skus.push(
      {
        skuId: e3,
        skuPartNumber: 'SPE_E3',
        capabilityStatus: 'Enabled',
        consumedUnits: 2,
        prepaidUnits: { enabled: 25 },
      },
      {
        skuId: powerBi,
        skuPartNumber: 'POWER_BI_STANDARD',
        capabilityStatus: 'Enabled',
        consumedUnits: 3,
        prepaidUnits: { enabled: 1_000_000 },
      },
    );
    ms.users.push(
      graphUser('ann.seat@contoso.test', { assignedLicenses: [{ skuId: e3 }] }),
      graphUser('bob.seat@contoso.test', { assignedLicenses: [{ skuId: e3 }, { skuId: powerBi }] }),
      graphUser('cy.none@contoso.test', { assignedLicenses: [{ skuId: powerBi }] }),
    );
    const started = (await org.client.post('/api/connectors/entra_id/connect')).json();
    const back = await ms.approve(started.authorizeUrl);
    await org.client.get(`/api/connectors/oauth/callback${back.search}`);
    const connection = await kit.waitForRun(org.client, 'connect', 'entra_id');
    expect(connection.lastRun.status).toBe('succeeded');

    const pools = await db()
      .select()
      .from(licensePools)
      .where(and(eq(licensePools.organizationId, org.orgId), eq(licensePools.subscriptionId, m365.id)));
    expect(pools).toHaveLength(1);
    expect(pools[0]).toMatchObject({ seats: 25, seatsSource: 'entra_id' });
    const holders = async () =>
      (
        await db()
          .select({ personId: licenseAssignments.personId })
          .from(licenseAssignments)
          .where(and(eq(licenseAssignments.poolId, pools[0].id), isNull(licenseAssignments.unassignedAt)))
      )
        .map((r) => r.personId)
        .sort();
    expect(await holders()).toEqual([ann.id, bob.id].sort());

    ms.users[1].assignedLicenses = [{ skuId: powerBi }];
    expect(await sync(org.orgId, connection.id as string)).toBe('succeeded');
    expect(await holders()).toEqual([ann.id]);
  });
});
