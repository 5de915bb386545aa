import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { people } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildPerson } from '../../test/factories';
import { useTestServer } from '../../test/test-server';

const server = useTestServer({ clock: fixedClock('2026-03-31T12:00:00Z') });

const db = () => server.database.db;
const stored = (orgId: string) => db().select().from(people).where(eq(people.organizationId, orgId));

const CSV = [
  'Email,First Name,Last Name,Department',
  'ADA@Example.com,Ada,Lovelace,Research',
  'new@example.com,New,Person,Sales',
].join('\n');

async function org() {
  const owner = await buildOrgOwner(server.app);
  const ada = await buildPerson(db(), owner.orgId, {
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    department: 'Engineering',
  });
  return { orgId: owner.orgId, client: api(server.app, owner.cookie), ada };
}

describe('people import: people already in Stackwise', () => {
  it('flags a row whose e-mail (any case) is already in People', async () => {
    const { client, ada } = await org();
    const preview = (await client.post('/api/people/import/preview', { csv: CSV })).json();
    expect(preview.rows[0]).toMatchObject({
      existing: { id: ada.id, label: 'Ada Lovelace', matchedBy: 'email' },
      duplicateOfRow: null,
    });
    expect(preview.rows[1].existing).toBeNull();
  });

  it('skips them by default: the person keeps their fields, the others are created', async () => {
    const { client, orgId } = await org();
    const res = await client.post('/api/people/import/commit', { csv: CSV });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 0, skippedExisting: 1 });
    const rows = await stored(orgId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.email === 'ada@example.com')?.department).toBe('Engineering');
  });

  it('update takes the row fields for that person only', async () => {
    const { client, orgId } = await org();
    const res = await client.post('/api/people/import/commit', {
      csv: CSV,
      decisions: { rows: [{ row: 2, decision: 'update' }] },
    });
    expect(res.json()).toMatchObject({ created: 1, updated: 1, skippedExisting: 0 });
    const rows = await stored(orgId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.email === 'ada@example.com')?.department).toBe('Research');
  });

  it('refuses create for an e-mail already in People, and stores nothing', async () => {
    const { client, orgId } = await org();
    const res = await client.post('/api/people/import/commit', {
      csv: CSV,
      decisions: { default: 'create' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already in People/);
    expect(await stored(orgId)).toHaveLength(1);
    const unknown = await client.post('/api/people/import/commit', {
      csv: CSV,
      decisions: { rows: [{ row: 40, decision: 'update' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await stored(orgId)).toHaveLength(1);
  });

  it("never matches another organization's people", async () => {
    await org(); // another company with ada@example.com
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    const preview = (await client.post('/api/people/import/preview', { csv: CSV })).json();
    expect(preview.rows.map((r: { existing: unknown }) => r.existing)).toEqual([null, null]);
    const res = await client.post('/api/people/import/commit', { csv: CSV });
    expect(res.json()).toMatchObject({ created: 2, skippedExisting: 0 });
  });
});
