// The nasty-file corpus against EVERY tabular importer (applications, people, usage, statements):
// each variant is imported through the API and what is stored is checked (accents intact, amounts
// in minor units, formulas as text); a 50 MB file and a PNG are refused and store nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenses, licenseAssignments, people, subscriptions } from './db/schema';
import { fixedClock } from './lib/clock';
import {
  api,
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
  setPlan,
} from './test/factories';
import { multipartFile } from './test/multipart';
import { FORMULA, NASTY_VARIANTS, PNG_BYTES, fiftyMegabyteCsv } from './test/nasty-files';
import { useTestServer } from './test/test-server';

const server = useTestServer({ clock: fixedClock('2026-03-31T12:00:00Z') });

const db = () => server.database.db;
const b64 = (bytes: Buffer) => bytes.toString('base64');
const huge = fiftyMegabyteCsv();

async function owner() {
  const o = await buildOrgOwner(server.app);
  await setPlan(db(), o.orgId, 'pro');
  return { ...o, client: api(server.app, o.cookie) };
}

describe('nasty files', () => {
  it('applications: every variant stores "Café", 1.234,56 € as 123456 and the formula as text', async () => {
    const { orgId, client } = await owner();
    for (const variant of NASTY_VARIANTS) {
      const records = [
        ['Name', 'Cost', 'Currency', 'Billing cycle', 'Renewal date', 'Notes'],
        [`Café ${variant.name}`, '1234.56', 'EUR', 'annual', '2026-09-01', FORMULA],
      ];
      const bytes = await variant.encode(records);
      const preview = await client.post('/api/subscriptions/import/preview', {
        file: b64(bytes),
        filename: variant.fileName,
      });
      expect(preview.statusCode, `${variant.name}: ${preview.body}`).toBe(200);
      expect(preview.json().validRows, variant.name).toBe(1);
      const commit = await client.post('/api/subscriptions/import/commit', {
        importId: preview.json().importId,
      });
      expect(commit.statusCode, `${variant.name}: ${commit.body}`).toBe(201);
      const [stored] = await db()
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.name, `Café ${variant.name}`)));
      expect(stored, variant.name).toMatchObject({
        amountMinor: 123456,
        currency: 'EUR',
        nextRenewalDate: '2026-09-01',
        notes: FORMULA,
      });
    }
    const before = (await db().select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)))
      .length;
    expect((await client.post('/api/subscriptions/import/preview', { file: b64(huge) })).statusCode).toBe(
      413,
    );
    const png = await client.post('/api/subscriptions/import/preview', { file: b64(PNG_BYTES) });
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toContain('PNG image');
    const after = (await db().select().from(subscriptions).where(eq(subscriptions.organizationId, orgId)))
      .length;
    expect(after).toBe(before);
  });

  it('people: every variant stores "Chloé Zürich" and the formula title as text', async () => {
    const { orgId, client } = await owner();
    for (const variant of NASTY_VARIANTS) {
      const email = `${variant.name}@example.com`;
      const records = [
        ['Work Email', 'Name', 'Department', 'Job title', 'Start date'],
        [email, 'Chloé Zürich', 'Café', FORMULA, '2026-01-05'],
      ];
      const res = await client.post('/api/people/import/commit', {
        file: b64(await variant.encode(records)),
      });
      expect(res.statusCode, `${variant.name}: ${res.body}`).toBe(200);
      expect(res.json().created, variant.name).toBe(1);
      const [person] = await db()
        .select()
        .from(people)
        .where(and(eq(people.organizationId, orgId), eq(people.email, email)));
      expect(person, variant.name).toMatchObject({
        firstName: 'Chloé',
        lastName: 'Zürich',
        department: 'Café',
        title: FORMULA,
        startDate: '2026-01-05',
      });
    }
    const count = async () =>
      (await db().select().from(people).where(eq(people.organizationId, orgId))).length;
    const before = await count();
    expect((await client.post('/api/people/import/commit', { file: b64(huge) })).statusCode).toBe(413);
    expect((await client.post('/api/people/import/commit', { file: b64(PNG_BYTES) })).statusCode).toBe(415);
    expect(await count()).toBe(before);
  });

  it('usage: every variant matches the application "Café Zürich" and records the last activity', async () => {
    const { orgId, client } = await owner();
    const app = await buildSubscription(db(), orgId, { name: 'Café Zürich' });
    const pool = await buildPool(db(), orgId, app.id);
    for (const variant of NASTY_VARIANTS) {
      const person = await buildPerson(db(), orgId, { email: `${variant.name}@example.com` });
      const seat = await buildAssignment(db(), orgId, pool.id, person.id);
      const records = [
        ['Email', 'Application', 'Last seen', 'Note'],
        [person.email, 'Café Zürich', '2026-03-20 09:15', FORMULA],
      ];
      const res = await client.post('/api/usage/import', { file: b64(await variant.encode(records)) });
      expect(res.statusCode, `${variant.name}: ${res.body}`).toBe(200);
      expect(res.json().summary.updated, variant.name).toBe(1);
      const [stored] = await db().select().from(licenseAssignments).where(eq(licenseAssignments.id, seat.id));
      expect(stored.lastActiveAt?.toISOString(), variant.name).toBe('2026-03-20T09:15:00.000Z');
    }
    expect((await client.post('/api/usage/import', { file: b64(huge) })).statusCode).toBe(413);
    expect((await client.post('/api/usage/import', { file: b64(PNG_BYTES) })).statusCode).toBe(415);
  });

  it('statements: every variant stores the merchant "Café …", 1.234,56 as 123456 and the formula as text', async () => {
    const { orgId, client, cookie } = await owner();
    const upload = (name: string, content: Buffer) => {
      const part = multipartFile(name, content);
      return server.app.inject({
        method: 'POST',
        url: '/api/expenses/import',
        payload: part.payload,
        headers: { ...part.headers, cookie },
      });
    };
    for (const [i, variant] of NASTY_VARIANTS.entries()) {
      // A day each: the same amount on the same day would be skipped as already booked.
      const date = `2026-03-${String(i + 1).padStart(2, '0')}`;
      const records = [
        ['Date', 'Payee', 'Memo', 'Amount', 'Currency'],
        [date, `Café ${variant.name}`, FORMULA, '-1234.56', 'EUR'],
      ];
      const uploaded = await upload(variant.fileName, await variant.encode(records));
      expect(uploaded.statusCode, `${variant.name}: ${uploaded.body}`).toBe(201);
      const commit = await client.post(`/api/expenses/import/${uploaded.json().batchId}/commit`, {
        defaultCurrency: 'EUR',
      });
      expect(commit.json(), variant.name).toMatchObject({ imported: 1 });
      const [stored] = await db()
        .select()
        .from(expenses)
        .where(and(eq(expenses.organizationId, orgId), eq(expenses.merchant, `Café ${variant.name}`)));
      expect(stored, variant.name).toMatchObject({
        date,
        amountMinor: 123456,
        currency: 'EUR',
        description: FORMULA,
      });
    }
    const count = async () =>
      (await db().select().from(expenses).where(eq(expenses.organizationId, orgId))).length;
    const before = await count();
    expect((await upload('huge.csv', huge)).statusCode).toBe(413);
    const png = await upload('statement.csv', PNG_BYTES);
    expect(png.statusCode).toBe(415);
    expect(await count()).toBe(before);
  });
});
