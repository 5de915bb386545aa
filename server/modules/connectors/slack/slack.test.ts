import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connections, licenseAssignments, licensePools, people } from '../../../db/schema';
import { buildOrgOwner, buildPerson, buildSubscription, setPlan } from '../../../test/factories';
import { useConnectorServer } from '../connectors.test-helpers';
import { type FakeSlack, type SlackLogin, startFakeSlack } from './fake-slack';
import type { api } from '../../../test/factories';
import type { SlackMember } from './slack-connector';

const kit = useConnectorServer(startFakeSlack);
const { clock, server, db, connect, sync } = kit;
let slack: FakeSlack;
beforeAll(() => {
  slack = kit.fake();
});
const { waitForRun } = kit;

let seq = 0;
function member(email: string, overrides: Partial<SlackMember> = {}, billing = true): SlackMember {
  seq += 1;
  const id = `U0${String(seq).padStart(6, '0')}`;
  if (billing) slack.billingActive.add(id);
  return {
    id,
    team_id: 'T0FAKE',
    name: email.split('@')[0],
    deleted: false,
    is_bot: false,
    is_app_user: false,
    is_restricted: false,
    is_ultra_restricted: false,
    updated: 1_774_000_000,
    profile: { email, real_name: email.split('@')[0] },
    ...overrides,
  };
}

const unix = (iso: string) => Date.parse(iso) / 1000;
/** An access log entry of the member's latest access `at` (team.accessLogs). */
function login(m: SlackMember, at: string, userAgent: string): SlackLogin {
  return {
    user_id: m.id,
    username: m.name ?? '',
    date_first: unix(at) - 86_400 * 30,
    date_last: unix(at),
    count: 12,
    ip: '203.0.113.7',
    user_agent: userAgent,
  };
}

const openSeats = (orgId: string) =>
  db()
    .select({
      personId: licenseAssignments.personId,
      email: people.email,
      lastActiveAt: licenseAssignments.lastActiveAt,
      source: licenseAssignments.source,
    })
    .from(licenseAssignments)
    .innerJoin(people, eq(people.id, licenseAssignments.personId))
    .where(and(eq(licenseAssignments.organizationId, orgId), isNull(licenseAssignments.unassignedAt)));

const slackOf = async (client: ReturnType<typeof api>) =>
  (await client.get('/api/licenses')).json().applications.find((a: { name: string }) => a.name === 'Slack');

describe('Slack connector', () => {
  let org: Awaited<ReturnType<typeof connect>>;
  let bob: SlackMember;
  let ann: SlackMember;

  beforeAll(async () => {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db(), owner.orgId, 'pro');
    for (const email of ['ann.one@acme.test', 'bob.two@acme.test', 'cy.three@acme.test'])
      await buildPerson(db(), owner.orgId, { email });
    await buildSubscription(db(), owner.orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      pricingModel: 'per-seat',
      seats: 10,
      unitPriceMinor: 875,
    });
    bob = member('Bob.Two@acme.test');
    ann = member('ann.one@acme.test');
    // Ann used Slack yesterday (from two devices); Bob last 45 days ago: his seat is idle.
    slack.logins.push(
      login(ann, '2026-03-30T09:00:00Z', 'Slack Desktop'),
      login(ann, '2026-03-01T09:00:00Z', 'Slack iOS'),
      login(bob, '2026-02-14T16:30:00Z', 'Slack Desktop'),
    );
    slack.members.push(
      ann,
      bob,
      // Not billed (inactive under Fair Billing): no seat.
      member('cy.three@acme.test', {}, false),
      // A bot and Slackbot never hold a seat, billed or not.
      member('', { is_bot: true, profile: {} }),
      member('', { id: 'USLACKBOT', profile: {} }),
      // Billed, but not in People: counted as purchased, nobody created.
      member('guest@partner.test', { is_restricted: true }),
    );
    // Enough members for two pages of users.list and team.billableInfo (200 a page).
    for (let i = 0; i < 205; i += 1) slack.members.push(member(`former${i}@acme.test`, {}, false));
    org = await connect('slack', (url) => slack.approve(url), owner);
  });

  it('connects through OAuth v2 with user scopes, and the first sync writes the seats without creating people', async () => {
    const authorize = slack.requests.find((r) => r.path === '/oauth/v2/authorize');
    expect(authorize?.query.user_scope).toBe('users:read,users:read.email,team:read,admin');
    const exchange = slack.requests.find((r) => r.path === '/api/oauth.v2.access');
    expect(exchange?.form.code_verifier).toBeTruthy();
    const [stored] = await db().select().from(connections).where(eq(connections.organizationId, org.orgId));
    expect(stored.accessToken).toMatch(/^enc:v1:/);
    expect(stored.scopes).toEqual(['users:read', 'users:read.email', 'team:read', 'admin']);

    expect(org.connection).toMatchObject({ status: 'connected', lastRun: { status: 'succeeded' } });
    // Two pages of users.list and of team.billableInfo, one of team.accessLogs.
    expect(org.connection.lastRun.counts).toMatchObject({ peopleCreated: 0, seatsUpdated: 2, pages: 5 });
    expect(await db().select().from(people).where(eq(people.organizationId, org.orgId))).toHaveLength(3);

    const seats = await openSeats(org.orgId);
    expect(seats.map((s) => s.email).sort()).toEqual(['ann.one@acme.test', 'bob.two@acme.test']);
    expect(seats.every((s) => s.source === 'slack')).toBe(true);
    // Each seat's last use is its holder's latest access, not the sync's time.
    const lastUse = Object.fromEntries(seats.map((s) => [s.email, s.lastActiveAt?.toISOString()]));
    expect(lastUse).toEqual({
      'ann.one@acme.test': '2026-03-30T09:00:00.000Z',
      'bob.two@acme.test': '2026-02-14T16:30:00.000Z',
    });
    const read = slack.requests.find((r) => r.path === '/api/team.accessLogs');
    expect(read?.query).toMatchObject({ count: '1000', page: '1' });

    const app = await slackOf(org.client);
    expect(app.pools).toHaveLength(1);
    expect(app.pools[0]).toMatchObject({
      tierName: 'Slack',
      seats: 3,
      seatsSource: 'slack',
      seatsSyncedAt: clock.now().toISOString(),
    });
    // Bob has not used Slack for 45 days: his seat shows as idle.
    expect(app.utilisation).toMatchObject({ purchased: 3, assigned: 2, active: 1 });
  });

  it('on a plan without access logs (paid_only) last use stays as it was, not the sync time', async () => {
    const other = await kit.growthOrg();
    await buildPerson(db(), other.orgId, { email: 'ann.one@acme.test' });
    await buildSubscription(db(), other.orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      pricingModel: 'per-seat',
      seats: 5,
      unitPriceMinor: 875,
    });
    slack.freePlan = true;
    try {
      const free = await connect('slack', (url) => slack.approve(url), other.owner);
      expect(free.connection.lastRun.status).toBe('succeeded');
      const seats = await openSeats(other.orgId);
      expect(seats.map((s) => [s.email, s.lastActiveAt])).toEqual([['ann.one@acme.test', null]]);
      expect((await slackOf(other.client)).utilisation).toMatchObject({ assigned: 1, active: 0 });
    } finally {
      slack.freePlan = false;
    }
  });

  it('reads the access logs past 100 pages by going on before the oldest access read', async () => {
    const windows: string[] = [];
    const start = slack.requests.length;
    // 100 full pages of one other member's accesses, newer than Ann's and Bob's.
    const busy = member('busy@acme.test', {}, false);
    for (let i = 0; i < 100_000; i += 1)
      slack.logins.push({
        ...login(busy, '2026-03-31T00:00:00Z', `agent ${i}`),
        date_last: unix('2026-03-31T00:00:00Z') - i,
      });
    try {
      expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
      const reads = slack.requests.slice(start).filter((r) => r.path === '/api/team.accessLogs');
      for (const r of reads) windows.push(`${r.query.page}:${r.query.before ?? ''}`);
      expect(reads).toHaveLength(101);
      // Page 100 ended at the 99,999th busy access: the next window starts a second before it.
      expect(windows.at(-1)).toBe(`1:${unix('2026-03-31T00:00:00Z') - 99_999}`);
      const lastUse = Object.fromEntries(
        (await openSeats(org.orgId)).map((s) => [s.email, s.lastActiveAt?.toISOString()]),
      );
      expect(lastUse['bob.two@acme.test']).toBe('2026-02-14T16:30:00.000Z');
    } finally {
      slack.logins.splice(3);
    }
  });

  it('a second sync adds nothing twice', async () => {
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(await openSeats(org.orgId)).toHaveLength(2);
    const all = await db()
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.organizationId, org.orgId));
    expect(all).toHaveLength(2);
    expect(
      await db().select().from(licensePools).where(eq(licensePools.organizationId, org.orgId)),
    ).toHaveLength(1);
  });

  it('resumes a sync that crashed on the second page of members where it stopped', async () => {
    slack.fail({ method: 'users.list', status: 500, cursor: slack.cursorAt(200), times: 1 });
    await expect(sync(org.orgId, org.connectionId)).rejects.toThrow(/500/);
    const before = slack.requests.length;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    const reads = slack.requests.slice(before).filter((r) => r.path === '/api/users.list');
    expect(reads.map((r) => r.query.cursor)).toEqual([slack.cursorAt(200)]);
    expect((await openSeats(org.orgId)).map((s) => s.email).sort()).toEqual([
      'ann.one@acme.test',
      'bob.two@acme.test',
    ]);
    expect((await slackOf(org.client)).pools[0].seats).toBe(3);
  });

  it('waits out a 429 storm as Retry-After says, then finishes', async () => {
    const waits: number[] = [];
    slack.fail({ method: 'team.billableInfo', status: 429, retryAfter: '3', times: 3 });
    // Slack also says `ratelimited` inside an HTTP 200.
    slack.fail({ method: 'users.list', status: 200, error: 'ratelimited', retryAfter: '1', times: 1 });
    const status = await sync(org.orgId, org.connectionId, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(status).toBe('succeeded');
    expect(waits).toEqual([1000, 3000, 3000, 3000]);
  });

  it('keeps a seat entered by hand through syncs, marked as such; releases only its own seats', async () => {
    const poolId = (await slackOf(org.client)).pools[0].id as string;
    const [cy] = await db()
      .select()
      .from(people)
      .where(and(eq(people.organizationId, org.orgId), eq(people.email, 'cy.three@acme.test')));
    const assigned = await org.client.post(`/api/licenses/${poolId}/assignments`, { personIds: [cy.id] });
    expect(assigned.statusCode).toBe(201);
    // Slack does not bill Cy: two syncs leave the seat entered by hand.
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await openSeats(org.orgId)).map((s) => s.email).sort()).toEqual([
      'ann.one@acme.test',
      'bob.two@acme.test',
      'cy.three@acme.test',
    ]);
    const detail = (await org.client.get(`/api/licenses/${poolId}`)).json();
    const from = Object.fromEntries(
      detail.assignments.map((a: { email: string; assignedFrom: string | null }) => [
        a.email,
        a.assignedFrom,
      ]),
    );
    expect(from).toEqual({
      'ann.one@acme.test': 'slack',
      'bob.two@acme.test': 'slack',
      'cy.three@acme.test': null,
    });
    // Its own seats it releases: Ann is no longer billed.
    slack.billingActive.delete(ann.id);
    try {
      expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
      expect((await openSeats(org.orgId)).map((s) => s.email).sort()).toEqual([
        'bob.two@acme.test',
        'cy.three@acme.test',
      ]);
    } finally {
      slack.billingActive.add(ann.id);
      await org.client.delete(
        `/api/licenses/${poolId}/assignments/${detail.assignments.find((a: { email: string }) => a.email === 'cy.three@acme.test').id}`,
      );
      expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    }
  });

  it('a deactivated member releases their seat', async () => {
    bob.deleted = true;
    expect(await sync(org.orgId, org.connectionId)).toBe('succeeded');
    expect((await openSeats(org.orgId)).map((s) => s.email)).toEqual(['ann.one@acme.test']);
    const [released] = await db()
      .select()
      .from(licenseAssignments)
      .innerJoin(people, eq(people.id, licenseAssignments.personId))
      .where(and(eq(licenseAssignments.organizationId, org.orgId), eq(people.email, 'bob.two@acme.test')));
    expect(released.license_assignments.unassignReason).toBe('connector');
    expect((await slackOf(org.client)).pools[0].seats).toBe(2);
  });

  it('another tenant never sees the data; without Slack in its inventory the seats wait on the discovered app', async () => {
    const other = await connect('slack', (url) => slack.approve(url));
    expect((await other.client.get('/api/licenses')).json().applications).toEqual([]);
    const discovered = (await other.client.get('/api/connectors/discovered')).json().apps;
    expect(discovered).toHaveLength(1);
    expect(discovered[0]).toMatchObject({
      name: 'Slack',
      provider: 'slack',
      catalogSlug: 'slack',
      usersCount: 2,
    });
    // The first organization's seats are untouched, and it lists nothing discovered.
    expect((await openSeats(org.orgId)).map((s) => s.email)).toEqual(['ann.one@acme.test']);
    expect((await org.client.get('/api/connectors/discovered')).json().apps).toEqual([]);
    expect((await org.client.post(`/api/connectors/discovered/${discovered[0].id}/add`)).statusCode).toBe(
      404,
    );
    // Added there: the purchased seats come along.
    const added = await other.client.post(`/api/connectors/discovered/${discovered[0].id}/add`);
    expect(added.statusCode).toBe(201);
    expect((await slackOf(other.client)).pools[0].seats).toBe(2);
  });

  it('a revoked token sets the connection to Reconnect', async () => {
    slack.revokeTokens();
    expect(await sync(org.orgId, org.connectionId)).toBe('failed');
    const connection = await waitForRun(org.client, 'manual', 'slack');
    expect(connection.status).toBe('needs_reconnect');
    expect(connection.lastRun.error).toMatch(/connect again/);
    expect((await org.client.post('/api/connectors/slack/sync')).statusCode).toBe(409);
    // What was imported stays.
    expect(await openSeats(org.orgId)).toHaveLength(1);
  });
});
