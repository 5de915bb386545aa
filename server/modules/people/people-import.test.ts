import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { people } from '../../db/schema';
import { api, buildOrgOwner } from '../../test/factories';
import { useTestServerAt } from '../../test/test-server-at';

const { server, db, build } = useTestServerAt('2026-03-31T12:00:00Z');
const stored = async (orgId: string) =>
  (await db().select().from(people).where(eq(people.organizationId, orgId))).sort((a, b) =>
    a.email.localeCompare(b.email),
  );

// The shape of a BambooHR / Rippling employee export.
const HR_EXPORT = [
  'Work Email,First Name,Last Name,Department,Team,Job Title,Reports To,Hire Date',
  'ada@example.com,Ada,Lovelace,Engineering,Platform,Engineer,grace@example.com,2024-02-01',
  'grace@example.com,Grace,Hopper,Engineering,,VP Engineering,,03/15/2021',
  '"bob@example.com",Bob,"Builder, Jr.",Sales,EMEA,Account Executive,nobody@example.com,2025-07-01',
].join('\n');

async function org() {
  const owner = await buildOrgOwner(server.app);
  return { orgId: owner.orgId, client: api(server.app, owner.cookie) };
}

describe('people import: preview', () => {
  it('suggests the mapping, plans each row and changes nothing', async () => {
    const { orgId, client } = await org();
    const response = await client.post('/api/people/import/preview', { csv: HR_EXPORT });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.mapping).toEqual({
      email: 'Work Email',
      firstName: 'First Name',
      lastName: 'Last Name',
      department: 'Department',
      team: 'Team',
      title: 'Job Title',
      managerEmail: 'Reports To',
      startDate: 'Hire Date',
    });
    expect(preview.summary).toEqual({ rows: 3, create: 3, update: 0, unchanged: 0, error: 0 });
    expect(preview.rows[2]).toMatchObject({
      line: 4,
      action: 'create',
      email: 'bob@example.com',
      name: 'Bob Builder, Jr.',
      warnings: ['Manager nobody@example.com is not in People or this file; manager left empty'],
    });
    expect(await stored(orgId)).toHaveLength(0);
  });

  it('reports bad rows with reasons: e-mail, dates, duplicates', async () => {
    const { client } = await org();
    const csv = [
      'Email,Name,Start date,End date',
      'not-an-email,Someone,,',
      ',Nobody,,',
      'a@example.com,A Person,yesterday,',
      'b@example.com,B Person,2026-02-01,2026-01-01',
      'c@example.com,C Person,,',
      'C@example.com,C Again,,',
    ].join('\n');
    const preview = (await client.post('/api/people/import/preview', { csv })).json();
    expect(preview.rows.map((r: { action: string; errors: unknown[] }) => [r.action, r.errors])).toEqual([
      ['error', [{ line: 2, field: 'email', message: '"not-an-email" is not a valid e-mail address' }]],
      ['error', [{ line: 3, field: 'email', message: 'E-mail is missing' }]],
      ['error', [{ line: 4, field: 'startDate', message: 'Start date "yesterday" is not a date' }]],
      ['error', [{ line: 5, field: 'endDate', message: 'End date is before the start date' }]],
      ['create', []],
      ['error', [{ line: 7, field: 'email', message: 'Duplicate of line 6' }]],
    ]);
    expect(preview.rows[4].name).toBe('C Person');
  });

  it('validates the mapping and the file itself', async () => {
    const { client } = await org();
    const missing = await client.post('/api/people/import/preview', { csv: 'Name\nAda' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([
      { field: 'mapping.email', message: 'Choose the column that holds this' },
    ]);
    const wrong = await client.post('/api/people/import/preview', {
      csv: HR_EXPORT,
      mapping: { department: 'Dept' },
    });
    expect(wrong.json().fields).toEqual([
      { field: 'mapping.department', message: 'The file has no column "Dept"' },
    ]);
    const unclosed = await client.post('/api/people/import/preview', { csv: 'Email\n"ada@example.com' });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toContain('never closed');
    expect((await client.post('/api/people/import/preview', { csv: '' })).statusCode).toBe(400);
    const unmapped = (
      await client.post('/api/people/import/preview', {
        csv: HR_EXPORT,
        mapping: { team: null, managerEmail: null },
      })
    ).json();
    expect(unmapped.mapping.team).toBeUndefined();
    expect(unmapped.rows[2].warnings).toEqual([]);
  });
});

describe('people import: commit', () => {
  it('is all-or-nothing unless bad rows are skipped', async () => {
    const { orgId, client } = await org();
    const csv = `${HR_EXPORT}\nbroken,Bad,Row,,,,,`;
    const refused = await client.post('/api/people/import/commit', { csv });
    expect(refused.statusCode).toBe(400);
    const bad = { line: 5, field: 'email', message: '"broken" is not a valid e-mail address' };
    expect(refused.json()).toMatchObject({ code: 'validation_error', errors: [bad] });
    expect(await stored(orgId)).toHaveLength(0);

    const result = await client.post('/api/people/import/commit', { csv, skipInvalid: true });
    expect(result.json()).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      errors: [bad],
      skippedExisting: 0,
      offboardCandidates: [],
    });
    const rows = await stored(orgId);
    const ada = rows.find((r) => r.email === 'ada@example.com')!;
    const grace = rows.find((r) => r.email === 'grace@example.com')!;
    expect(ada).toMatchObject({
      department: 'Engineering',
      team: 'Platform',
      title: 'Engineer',
      startDate: '2024-02-01',
      managerId: grace.id,
      source: 'csv',
    });
    expect(grace).toMatchObject({ team: null, startDate: '2021-03-15', managerId: null });
  });

  it('re-import updates people by e-mail (any case) and leaves the rest unchanged', async () => {
    const { orgId, client } = await org();
    await client.post('/api/people/import/commit', { csv: HR_EXPORT });
    const changed = HR_EXPORT.replace(
      'ada@example.com,Ada,Lovelace,Engineering,Platform',
      'ADA@example.com,Ada,Lovelace,Research,Platform',
    );
    const preview = (await client.post('/api/people/import/preview', { csv: changed })).json();
    expect(preview.summary).toMatchObject({ create: 0, update: 1, unchanged: 2 });
    expect(preview.rows[0]).toMatchObject({ action: 'update', changes: ['department'] });
    const result = (
      await client.post('/api/people/import/commit', { csv: changed, decisions: { default: 'update' } })
    ).json();
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 2, skippedExisting: 0 });
    const rows = await stored(orgId);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.email === 'ada@example.com')?.department).toBe('Research');
  });

  it('full import: people missing from the file become offboarding candidates the user confirms', async () => {
    const { orgId, client } = await org();
    await client.post('/api/people/import/commit', { csv: HR_EXPORT });
    const leaver = await build.person(orgId, {
      email: 'leaver@example.com',
      firstName: 'Lee',
      lastName: 'Ver',
    });
    await build.person(orgId, { email: 'old@example.com', status: 'offboarded' });
    const app = await build.subscription(orgId, { name: 'Slack' });
    const pool = await build.pool(orgId, app.id, { unitPriceMinor: 800 });
    await build.assignment(orgId, pool.id, leaver.id);

    const partial = (await client.post('/api/people/import/preview', { csv: HR_EXPORT })).json();
    expect(partial.offboardCandidates).toEqual([]);
    const preview = (
      await client.post('/api/people/import/preview', { csv: HR_EXPORT, fullImport: true })
    ).json();
    expect(preview.offboardCandidates).toEqual([
      {
        id: leaver.id,
        email: 'leaver@example.com',
        name: 'Lee Ver',
        department: 'Engineering',
        openAssignments: 1,
        yearlyCosts: [{ currency: 'USD', amountMinor: 9_600 }],
      },
    ]);
    const committed = (
      await client.post('/api/people/import/commit', { csv: HR_EXPORT, fullImport: true })
    ).json();
    expect(committed.offboardCandidates.map((c: { id: string }) => c.id)).toEqual([leaver.id]);
    // Nothing is offboarded until the user confirms.
    expect((await stored(orgId)).find((r) => r.id === leaver.id)?.status).toBe('active');
    const confirmed = await client.post('/api/people/offboard-candidates/confirm', {
      personIds: [leaver.id],
    });
    expect(confirmed.json()).toEqual({ offboarded: 1, unassigned: 1 });
  });
});
