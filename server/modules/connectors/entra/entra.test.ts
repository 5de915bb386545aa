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
    for (let i = 0; i < 450; i += 1) ms.users.push(graphUser(`bulk.person${i}@contoso.test`));
    const secondPage = (url: URL) => url.searchParams.get('$skiptoken')?.endsWith('.200') ?? false;
    ms.fail({ pathPrefix: '/v1.0/users/delta', status: 500, when: secondPage, times: 1 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    expect((await kit.connectionOf(org.client, 'entra_id')).lastRun.status).toBe('running');
    const before = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const userReads = ms.requests.slice(before).filter((r) => r.path === '/v1.0/users/delta');
    expect(userReads[0].query.$skiptoken).toMatch(/\.200$/);
    expect(await peopleOf(org.orgId)).toHaveLength(453);
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

describe('Entra ID directory changes (delta query) and grant dates', () => {
  const reset = () => {
    for (const list of [
      ms.users,
      ms.deletedUsers,
      ms.grants,
      ms.servicePrincipals,
      ms.signIns,
      ms.skus,
      ms.audits,
    ])
      list.length = 0;
  };
  async function connect() {
    const org = await kit.growthOrg();
    const started = (await org.client.post('/api/connectors/entra_id/connect')).json();
    const back = await ms.approve(started.authorizeUrl);
    await org.client.get(`/api/connectors/oauth/callback${back.search}`);
    const connection = await kit.waitForRun(org.client, 'connect', 'entra_id');
    expect(connection.lastRun.status).toBe('succeeded');
    return { ...org, connectionId: connection.id as string };
  }
  const runOf = async (client: Awaited<ReturnType<typeof connect>>['client']) =>
    (await kit.connectionOf(client, 'entra_id')).lastRun;

  it('the first sync reads the whole directory, later ones only the changes; a deletion offboards; an expired delta link starts over', async () => {
    reset();
    const boss = graphUser('bo.ss@tailspin.test');
    const dev = graphUser('dev.one@tailspin.test', { manager: { mail: boss.mail } });
    const leaver = graphUser('lea.ving@tailspin.test');
    ms.users.push(dev, boss, leaver, graphUser('st.ays@tailspin.test'));
    const before = ms.requests.length;
    const org = await connect();
    const first = ms.requests.slice(before).filter((r) => r.path === '/v1.0/users/delta');
    expect(first).toHaveLength(1);
    expect(first[0].query).toMatchObject({ $expand: 'manager' });
    expect(first[0].query.$select).toContain('accountEnabled');
    expect(first[0].query.$deltatoken).toBeUndefined();
    let rows = await peopleOf(org.orgId);
    expect(rows).toHaveLength(4);
    // The manager, on the same page after her report, is linked by the first pass.
    const bossRow = rows.find((p) => p.email === boss.mail)!;
    expect(rows.find((p) => p.email === dev.mail)?.managerId).toBe(bossRow.id);

    // Between syncs: one changes department, one joins, one is deleted for good.
    dev.department = 'Platform';
    ms.users.push(graphUser('new.hire@tailspin.test'));
    ms.users.splice(ms.users.indexOf(leaver), 1);
    const mark = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const second = ms.requests.slice(mark);
    const deltas = second.filter((r) => r.path === '/v1.0/users/delta');
    expect(deltas).toHaveLength(1);
    expect(deltas[0].query.$deltatoken).toBeTruthy();
    // Only the two changed users are read again (whole), and the recycle bin is not read.
    const reread = second.filter((r) => r.path === '/v1.0/users' && r.query.$filter?.startsWith('id in'));
    expect(reread).toHaveLength(1);
    expect(reread[0].query.$filter.split(',')).toHaveLength(2);
    expect(second.some((r) => r.path.startsWith('/v1.0/directory/deletedItems'))).toBe(false);
    expect((await runOf(org.client)).counts).toMatchObject({
      peopleCreated: 1,
      peopleUpdated: 1,
      peopleOffboarded: 1,
    });
    rows = await peopleOf(org.orgId);
    expect(rows.find((p) => p.email === dev.mail)).toMatchObject({
      department: 'Platform',
      managerId: bossRow.id,
    });
    expect(rows.find((p) => p.email === leaver.mail)?.status).toBe('offboarded');
    const offboarded = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'connector.person_offboard')),
      );
    expect(offboarded).toHaveLength(1);

    // Nothing changed: one delta request, nothing read again.
    const quiet = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(ms.requests.slice(quiet).filter((r) => r.path.startsWith('/v1.0/users'))).toHaveLength(1);

    // The delta link expired (410 syncStateNotFound): a full read again, then the recycle bin.
    ms.expireDeltaTokens();
    ms.users[0].jobTitle = 'Staff Engineer';
    const expired = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const again = ms.requests.slice(expired).filter((r) => r.path === '/v1.0/users/delta');
    expect(again.map((r) => Boolean(r.query.$deltatoken))).toEqual([true, false]);
    expect(ms.requests.slice(expired).some((r) => r.path.startsWith('/v1.0/directory/deletedItems'))).toBe(
      true,
    );
    expect((await peopleOf(org.orgId)).find((p) => p.email === dev.mail)?.title).toBe('Staff Engineer');
    // And the next sync is incremental again.
    const after = ms.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const next = ms.requests.slice(after).filter((r) => r.path === '/v1.0/users/delta');
    expect(next.map((r) => Boolean(r.query.$deltatoken))).toEqual([true]);
  });

  it('a grant is first seen at its consent in the directory audit log; without one, at the sync', async () => {
    reset();
    const ann = graphUser('ann.grant@tailspin.test');
    const miro = principal('Miro');
    const figma = principal('Figma');
    const graph = principal('Microsoft Graph', { appOwnerOrganizationId: MICROSOFT_TENANT_ID, tags: [] });
    ms.users.push(ann);
    ms.servicePrincipals.push(miro, figma, graph);
    const grant = (id: string, clientId: string) => ({
      id,
      clientId,
      consentType: 'Principal' as const,
      principalId: ann.id,
      resourceId: graph.id,
      scope: 'User.Read',
    });
    ms.grants.push(grant('m1', miro.id), grant('f1', figma.id));
    const consent = (n: number, sp: GraphServicePrincipal, at: string, result = 'success') => ({
      id: `audit-${n}`,
      activityDisplayName: 'Consent to application',
      activityDateTime: at,
      result,
      initiatedBy: { user: { id: ann.id, userPrincipalName: ann.userPrincipalName } },
      targetResources: [{ id: sp.id, type: 'ServicePrincipal', displayName: sp.displayName }],
    });
    ms.audits.push(
      consent(1, miro, '2026-03-12T09:30:00Z'),
      consent(2, miro, '2026-03-20T09:30:00Z'),
      consent(3, figma, '2026-03-02T09:30:00Z', 'failure'),
      { ...consent(4, figma, '2026-03-03T09:30:00Z'), activityDisplayName: 'Add service principal' },
    );
    const org = await connect();
    const audits = ms.requests.filter((r) => r.path === '/v1.0/auditLogs/directoryAudits');
    expect(audits.at(-1)?.query.$filter).toBe("activityDisplayName eq 'Consent to application'");
    const apps = (await org.client.get('/api/connectors/discovered')).json().apps as Array<{
      name: string;
      firstSeenAt: string;
    }>;
    expect(apps.find((a) => a.name === 'Miro')?.firstSeenAt).toBe('2026-03-12T09:30:00.000Z');
    // Figma's only consent failed (and the other record is not a consent): the sync time, as before.
    expect(apps.find((a) => a.name === 'Figma')?.firstSeenAt).toBe((await runOf(org.client)).startedAt);
    const activity = await db()
      .select()
      .from(connectorActivity)
      .where(
        and(eq(connectorActivity.organizationId, org.orgId), eq(connectorActivity.providerAppId, miro.appId)),
      );
    expect(activity).toHaveLength(1);
    expect(activity[0].firstSeenAt.toISOString()).toBe('2026-03-12T09:30:00.000Z');
  });
});
