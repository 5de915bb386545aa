import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseAssignments } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');

async function setup() {
  const owner = await buildOrgOwner(server.app);
  const orgId = owner.orgId;
  await build.plan(orgId, 'pro');
  const slack = await build.subscription(orgId, { name: 'Slack' });
  const zoom = await build.subscription(orgId, { name: 'Zoom', catalogSlug: 'zoom-workplace' });
  const slackPool = await build.pool(orgId, slack.id);
  const zoomPool = await build.pool(orgId, zoom.id);
  const ada = await build.person(orgId, { email: 'ada@example.com' });
  const bob = await build.person(orgId, { email: 'bob@example.com' });
  const adaSlack = await build.assignment(orgId, slackPool.id, ada.id);
  const bobSlack = await build.assignment(orgId, slackPool.id, bob.id, {
    lastActiveAt: new Date('2026-03-30T00:00:00Z'),
  });
  const adaZoom = await build.assignment(orgId, zoomPool.id, ada.id);
  return { orgId, slack, zoom, adaSlack, bobSlack, adaZoom, client: api(server.app, owner.cookie) };
}

const seat = async (id: string) =>
  (await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, id)))[0];

// An Okta "app usage" style export: one row per user and application.
const OKTA = [
  'User,Application,Last Login',
  'ADA@example.com,slack,2026-03-20T09:15:00.000Z',
  'bob@example.com,Slack,2026-03-01T00:00:00.000Z',
  'ada@example.com,zoom-workplace,Never logged in',
  'carol@example.com,Slack,2026-03-20T00:00:00Z',
  'bob@example.com,Zoom,2026-03-20T00:00:00Z',
].join('\n');

describe('usage import', () => {
  it('maps names to applications, moves last activity forward only, and reports every row', async () => {
    const { client, slack, adaSlack, bobSlack, adaZoom } = await setup();
    const response = await client.post('/api/usage/import', { csv: OKTA });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.mapping).toEqual({
      email: 'User',
      application: 'Application',
      lastSeen: 'Last Login',
      assigned: null,
    });
    expect(result.rows.map((r: { status: string }) => r.status)).toEqual([
      'updated',
      'unchanged',
      'never',
      'skipped',
      'skipped',
    ]);
    expect(result.rows[0]).toMatchObject({ subscriptionId: slack.id, lastSeen: '2026-03-20T09:15:00.000Z' });
    expect(result.rows[3].message).toBe('Not in People');
    expect(result.rows[4].message).toBe('Holds no seat of this application');
    expect(result).toMatchObject({ applied: true, dryRun: false, unmatchedApplications: [] });
    // "Last Login" proves a sign-in, not use of the application: insights weigh it so.
    expect(result.signal).toBe('sign-in');
    expect(await seat(adaSlack.id)).toMatchObject({
      lastActiveAt: new Date('2026-03-20T09:15:00.000Z'),
      source: 'csv',
      activitySignal: 'sign-in',
    });
    expect(await seat(bobSlack.id)).toMatchObject({
      lastActiveAt: new Date('2026-03-30T00:00:00Z'),
      source: 'manual',
    });
    expect((await seat(adaZoom.id)).lastActiveAt).toBeNull();
    const pool = (await client.get(`/api/licenses?subscriptionId=${slack.id}`)).json();
    expect(pool.applications[0]).toMatchObject({ hasUsageData: true, utilisation: { active: 2 } });
  });

  it('refuses a file with bad rows (nothing recorded) unless asked to skip them; a dry run changes nothing', async () => {
    const { client, adaSlack } = await setup();
    const csv = [
      'Email,App,Last active',
      'ada@example.com,Slack,"Mar 25, 2026"',
      'not-an-email,Slack,2026-03-01',
      'ada@example.com,Slack,soonish',
      'ada@example.com,Salesforce,2026-03-01',
      'ada@example.com,Slack,2027-01-01',
    ].join('\n');
    const dry = (await client.post('/api/usage/import', { csv, dryRun: true })).json();
    expect(dry).toMatchObject({
      applied: false,
      summary: { updated: 1, error: 4 },
      unmatchedApplications: ['Salesforce'],
    });
    const errors = [
      { line: 3, field: 'email', message: '"not-an-email" is not a valid e-mail address' },
      { line: 4, field: 'lastSeen', message: '"soonish" is not a date' },
      { line: 5, field: 'application', message: '"Salesforce" matches no application' },
      { line: 6, field: 'lastSeen', message: 'Last seen is in the future' },
    ];
    expect(dry.rows.slice(1).flatMap((r: { errors: unknown[] }) => r.errors)).toEqual(errors);
    expect((await seat(adaSlack.id)).lastActiveAt).toBeNull();
    const refused = await client.post('/api/usage/import', { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      errors,
      unmatchedApplications: ['Salesforce'],
    });
    expect((await seat(adaSlack.id)).lastActiveAt).toBeNull();
    const skipped = (await client.post('/api/usage/import', { csv, skipInvalid: true })).json();
    expect(skipped).toMatchObject({ applied: true, summary: { updated: 1, error: 4 } });
    expect((await seat(adaSlack.id)).lastActiveAt).toEqual(new Date('2026-03-25T00:00:00Z'));
  });

  it('records usage dates as usage, and takes the signal the user names over the column name', async () => {
    const { client, adaSlack, bobSlack } = await setup();
    const used = 'Email,Application,Last used\nada@example.com,Slack,2026-03-21T00:00:00Z';
    const first = (await client.post('/api/usage/import', { csv: used })).json();
    expect(first.signal).toBe('usage');
    expect((await seat(adaSlack.id)).activitySignal).toBe('usage');
    const told = 'Email,Application,Last seen\nbob@example.com,Slack,2026-03-31T00:00:00Z';
    const second = (await client.post('/api/usage/import', { csv: told, signal: 'sign-in' })).json();
    expect(second.signal).toBe('sign-in');
    expect((await seat(bobSlack.id)).activitySignal).toBe('sign-in');
    const bad = await client.post('/api/usage/import', { csv: told, signal: 'guess' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('signal');
  });

  it('takes a single-application export with the application chosen by id, and a name map', async () => {
    const { client, slack, zoom, adaSlack, adaZoom } = await setup();
    const slackExport = 'Email,Last active (UTC)\nada@example.com,2026-03-28';
    const single = (
      await client.post('/api/usage/import', { csv: slackExport, subscriptionId: slack.id })
    ).json();
    expect(single.rows[0]).toMatchObject({ status: 'updated', subscriptionId: slack.id });
    expect((await seat(adaSlack.id)).lastActiveAt).toEqual(new Date('2026-03-28T00:00:00Z'));
    const mapped =
      'email,application,last seen\nada@example.com,Zoom Meetings,2026-03-29\nada@example.com,Jira,2026-03-29';
    const result = (
      await client.post('/api/usage/import', {
        csv: mapped,
        applicationMap: { 'zoom meetings': zoom.id, Jira: null },
      })
    ).json();
    expect(result.rows.map((r: { status: string }) => r.status)).toEqual(['updated', 'ignored']);
    expect((await seat(adaZoom.id)).lastActiveAt).toEqual(new Date('2026-03-29T00:00:00Z'));
  });

  it("rejects another organization's application ids, the mapping without a date column, viewers and Starter", async () => {
    const { client, orgId } = await setup();
    const other = await buildOrgOwner(server.app);
    const theirs = await build.subscription(other.orgId);
    const csv = 'email,application,last seen\nada@example.com,Slack,2026-03-29';
    expect((await client.post('/api/usage/import', { csv, subscriptionId: theirs.id })).statusCode).toBe(404);
    expect(
      (await client.post('/api/usage/import', { csv, applicationMap: { Slack: theirs.id } })).statusCode,
    ).toBe(404);
    const noDate = await client.post('/api/usage/import', { csv: 'email,application\na@b.co,Slack' });
    expect(noDate.json().fields).toEqual([
      { field: 'mapping.lastSeen', message: 'Choose the column that holds this' },
    ]);
    const viewer = api(server.app, (await build.member(orgId, 'viewer')).cookie);
    expect((await viewer.post('/api/usage/import', { csv })).statusCode).toBe(403);
    const starter = await api(server.app, other.cookie).post('/api/usage/import', { csv });
    expect(starter.json()).toMatchObject({ code: 'plan_required', requiredPlan: 'pro' });
  });
});
