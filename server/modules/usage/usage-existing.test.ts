import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseAssignments } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');

async function setup(lastActiveAt: Date | null) {
  const owner = await buildOrgOwner(server.app);
  await build.plan(owner.orgId, 'pro');
  const slack = await build.subscription(owner.orgId, { name: 'Slack' });
  const pool = await build.pool(owner.orgId, slack.id);
  const ada = await build.person(owner.orgId, { email: 'ada@example.com' });
  const seat = await build.assignment(owner.orgId, pool.id, ada.id, { lastActiveAt });
  return { client: api(server.app, owner.cookie), seat };
}

const lastActive = async (id: string) =>
  (await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, id)))[0].lastActiveAt;

const RECORDED = new Date('2026-03-20T08:00:00Z');
const CSV = [
  'Email,Application,Last seen',
  'ada@example.com,Slack,2026-03-20T17:00:00Z',
  'ADA@example.com,slack,2026-03-20T17:00:00Z',
].join('\n');

describe('usage import: activity already recorded', () => {
  it('flags a row whose seat already has activity that day, and a repeated line', async () => {
    const { client, seat } = await setup(RECORDED);
    const res = await client.post('/api/usage/import', { csv: CSV, dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toMatchObject([
      {
        existing: { id: seat.id, label: 'ada@example.com · Slack', matchedBy: 'usage' },
        duplicateOfRow: null,
        status: 'unchanged',
      },
      { existing: { id: seat.id }, status: 'unchanged' },
    ]);
  });

  it('skips it by default and updates the recorded time when asked', async () => {
    const { client, seat } = await setup(RECORDED);
    await client.post('/api/usage/import', { csv: CSV });
    expect(await lastActive(seat.id)).toEqual(RECORDED);
    const res = await client.post('/api/usage/import', {
      csv: CSV,
      decisions: { rows: [{ row: 2, decision: 'update' }] },
    });
    expect(res.json().summary).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await lastActive(seat.id)).toEqual(new Date('2026-03-20T17:00:00Z'));
  });

  it('a repeated line of the file is flagged and left out', async () => {
    const { client, seat } = await setup(null);
    const res = await client.post('/api/usage/import', { csv: CSV });
    expect(res.json().rows).toMatchObject([
      { existing: null, duplicateOfRow: null, status: 'updated' },
      { existing: null, duplicateOfRow: 2, status: 'unchanged' },
    ]);
    expect(await lastActive(seat.id)).toEqual(new Date('2026-03-20T17:00:00Z'));
  });

  it('refuses create and unknown lines, changing nothing', async () => {
    const { client, seat } = await setup(RECORDED);
    const created = await client.post('/api/usage/import', { csv: CSV, decisions: { default: 'create' } });
    expect(created.statusCode).toBe(400);
    const unknown = await client.post('/api/usage/import', {
      csv: CSV,
      decisions: { rows: [{ row: 12, decision: 'update' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await lastActive(seat.id)).toEqual(RECORDED);
  });

  it("never matches another organization's seats", async () => {
    await setup(RECORDED); // another company's ada was active that day
    const { client, seat } = await setup(null);
    const res = await client.post('/api/usage/import', { csv: CSV, dryRun: true });
    expect(res.json().rows[0]).toMatchObject({ existing: null, status: 'updated' });
    expect(await lastActive(seat.id)).toBeNull();
  });
});
