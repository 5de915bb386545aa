import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { imports, subscriptions, vendors } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { postStreamed } from '../../test/progress';
import { useTestServer } from '../../test/test-server';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

async function owner(plan: 'starter' | 'pro' = 'pro') {
  const user = await buildOrgOwner(server.app);
  await setPlan(server.database.db, user.orgId, plan);
  return { ...user, client: api(server.app, user.cookie) };
}

const stored = (orgId: string) =>
  server.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, orgId))
    .orderBy(subscriptions.name);

const CSV = [
  'Application,Supplier,Monthly Cost (USD),Currency,Billing Frequency,Renewal Date,Licenses,Price per user,Owner Email,Category,Status,Notes',
  'Slack,,"$1,250.00",,monthly,04/15/2026,,,OWNER,Communication,active,"Company chat, all staff"',
  'Figma,Figma Inc,,USD,Annual,2026-11-30,12,"$540",,Design,Active,',
  'Datadog,Datadog,"€ 2.399,50",EUR,quarterly,2026-05-15,,,,,trial,"multi-line',
  'note"',
  'Internal CRM,,0,,yearly,,,,,,cancelled,',
].join('\r\n');

describe('CSV import', () => {
  it('previews: detects columns, maps them automatically, parses every row', async () => {
    const { client, email } = await owner();
    const res = await client.post('/api/subscriptions/import/preview', {
      csv: CSV.replace('OWNER', email),
      filename: 'apps.csv',
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      filename: 'apps.csv',
      delimiter: ',',
      totalRows: 4,
      validRows: 4,
      invalidRows: 0,
      errors: [],
    });
    expect(preview.mapping).toMatchObject({
      name: 0,
      vendor: 1,
      amount: 2,
      currency: 3,
      billingCycle: 4,
      nextRenewalDate: 5,
      seats: 6,
      unitPrice: 7,
      ownerEmail: 8,
      category: 9,
      status: 10,
      notes: 11,
    });
    expect(preview.columns[2]).toMatchObject({
      header: 'Monthly Cost (USD)',
      field: 'amount',
      samples: ['$1,250.00', '', '€ 2.399,50'],
    });
    expect(preview.rows[0]).toMatchObject({
      name: 'Slack',
      vendor: 'Salesforce',
      amountMinor: 125_000,
      nextRenewalDate: '2026-04-15',
    });
    expect(preview.rows[2]).toMatchObject({
      amountMinor: 239_950,
      currency: 'EUR',
      nextRenewalDate: '2026-05-15',
      status: 'trial',
    });
    expect(preview.planLimit).toEqual({ limit: null, current: 0, wouldExceed: false });
  });

  it('commits the previewed file in one go, with vendors, categories, owners and history', async () => {
    const { client, email, orgId, id } = await owner();
    const preview = (
      await client.post('/api/subscriptions/import/preview', { csv: CSV.replace('OWNER', email) })
    ).json();
    const res = await client.post('/api/subscriptions/import/commit', {
      importId: preview.importId,
      mapping: preview.mapping,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ importId: preview.importId, imported: 4, skipped: 0, errors: [] });
    const rows = await stored(orgId);
    expect(rows.map((r) => r.name)).toEqual(['Datadog', 'Figma', 'Internal CRM', 'Slack']);
    const list = (await client.get('/api/subscriptions')).json().items;
    const byName = Object.fromEntries(list.map((a: { name: string }) => [a.name, a]));
    expect(byName.Slack).toMatchObject({
      vendorName: 'Salesforce',
      catalogSlug: 'slack',
      categoryName: 'Communication',
      ownerUserId: id,
      amountMinor: 125_000,
      notes: 'Company chat, all staff',
    });
    expect(byName.Figma).toMatchObject({
      pricingModel: 'per-seat',
      seats: 12,
      unitPriceMinor: 54_000,
      amountMinor: 648_000,
      billingCycle: 'annual',
      categoryName: 'Design',
    });
    expect(byName.Datadog).toMatchObject({
      currency: 'EUR',
      billingCycle: 'quarterly',
      status: 'trial',
      notes: 'multi-line\nnote',
    });
    expect(byName['Internal CRM']).toMatchObject({
      status: 'cancelled',
      billingCycle: 'annual',
      amountMinor: 0,
    });
    await client.patch(`/api/subscriptions/${byName.Slack.id}`, { amountMinor: 130_000 });
    const history = (await client.get(`/api/subscriptions/${byName.Slack.id}/history`)).json();
    expect(history.map((h: { source: string }) => h.source)).toEqual(['update', 'import']);
    expect(history[1]).toMatchObject({ from: null, to: { amountMinor: 125_000 }, userId: id });
    const activity = (await client.get(`/api/subscriptions/${byName.Slack.id}/activity`)).json();
    expect(activity.map((a: { action: string }) => a.action)).toEqual([
      'subscription.update',
      'subscription.import',
    ]);
    expect((await client.get(`/api/imports/${preview.importId}`)).json()).toMatchObject({
      status: 'committed',
      importedCount: 4,
      totalRows: 4,
    });
    const again = await client.post('/api/subscriptions/import/commit', { importId: preview.importId });
    expect(again.statusCode).toBe(409);
    const [org] = (await client.get('/api/organizations')).json();
    expect(org.setupProgress.addApplications).toBe(true);
  });

  it('accepts a multipart upload, semicolons and day-first dates', async () => {
    const { cookie } = await owner();
    const csv = '\uFEFFName;Cost;Renewal date\nNotion;1.200,00;13/04/2026\nMiro;80;01/05/2026\n';
    const boundary = '----stackwise';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tools.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/subscriptions/import/preview',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ delimiter: ';', filename: 'tools.csv', validRows: 2 });
    expect(res.json().rows.map((r: { nextRenewalDate: string }) => r.nextRenewalDate)).toEqual([
      '2026-04-13',
      '2026-05-01',
    ]);
    expect(res.json().rows[0].amountMinor).toBe(120_000);
  });

  it('flags bad rows with reasons; commit stores nothing (400) unless skipInvalid', async () => {
    const { client, orgId } = await owner();
    const csv = [
      'Name,Cost,Cycle,Renewal date,Seats,Owner,Currency',
      'Good one,10,monthly,2026-04-01,,,',
      ',10,monthly,,,,',
      'Bad cost,ten dollars,monthly,,,,',
      'Bad cycle,10,fortnightly,,,,',
      'Bad date,10,monthly,2026-02-30,,,',
      'Bad seats,10,monthly,,-3,,',
      'Bad owner,10,monthly,,,nobody@example.com,',
      'Bad currency,10,monthly,,,,ZZZ',
      'Negative,-5,monthly,,,,',
      'Also good,20,annual,,,,',
    ].join('\n');
    const preview = (await client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview).toMatchObject({ totalRows: 10, validRows: 2, invalidRows: 8 });
    // Lines as a spreadsheet shows them: the header is line 1.
    const reasons = preview.errors.map((e: { line: number; field: string }) => [e.line, e.field]);
    expect(reasons).toEqual([
      [3, 'name'],
      [4, 'amount'],
      [5, 'billingCycle'],
      [6, 'nextRenewalDate'],
      [7, 'seats'],
      [8, 'ownerEmail'],
      [9, 'currency'],
      [10, 'amount'],
    ]);
    expect(preview.errors[0]).toEqual({ line: 3, field: 'name', message: 'Name is required' });
    expect(preview.errors[2].message).toContain('fortnightly');

    const refused = await client.post('/api/subscriptions/import/commit', {
      importId: preview.importId,
      skipInvalid: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', errors: preview.errors });
    expect(await stored(orgId)).toHaveLength(0);

    const partial = await client.post('/api/subscriptions/import/commit', {
      importId: preview.importId,
      skipInvalid: true,
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ imported: 2, skipped: 8 });
    expect(partial.json().errors).toEqual(preview.errors);
    expect((await stored(orgId)).map((r) => r.name)).toEqual(['Also good', 'Good one']);
  });

  it('lets the user edit the mapping and the date order', async () => {
    const { client } = await owner();
    const csv = 'Tool,Spend,When\nLoom,15,03/04/2026\n';
    const preview = (await client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview.mapping).toMatchObject({ name: 0 });
    const remapped = (
      await client.post('/api/subscriptions/import/remap', {
        importId: preview.importId,
        mapping: { name: 0, amount: 1, nextRenewalDate: 2 },
        dateFormat: 'dmy',
      })
    ).json();
    expect(remapped.rows[0]).toMatchObject({ amountMinor: 1_500, nextRenewalDate: '2026-04-03' });
    const missing = await client.post('/api/subscriptions/import/remap', {
      importId: preview.importId,
      mapping: { amount: 1 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].field).toBe('mapping.name');
    expect(
      (
        await client.post('/api/subscriptions/import/remap', {
          importId: preview.importId,
          mapping: { name: 9 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('rolls everything back when storing fails half-way (a row that passes validation but breaks a constraint)', async () => {
    const { client, orgId } = await owner();
    const db = server.database.db;
    await db.execute(
      sql.raw(`alter table subscriptions add constraint test_reject_boom check (name <> 'Boom ${orgId}')`),
    );
    try {
      const lines = ['Name,Vendor,Cost'];
      for (let i = 1; i <= 2_500; i += 1)
        lines.push(`${i === 2_200 ? `Boom ${orgId}` : `App ${i}`},Vendor ${i % 40},${i}`);
      const preview = (
        await client.post('/api/subscriptions/import/preview', { csv: lines.join('\n') })
      ).json();
      expect(preview.validRows).toBe(2_500);
      const res = await client.post('/api/subscriptions/import/commit', { importId: preview.importId });
      expect(res.statusCode).toBe(500);
      expect(await stored(orgId)).toHaveLength(0);
      expect(await db.select().from(vendors).where(eq(vendors.organizationId, orgId))).toHaveLength(0);
      const [record] = await db.select().from(imports).where(eq(imports.id, preview.importId));
      expect(record).toMatchObject({ status: 'failed', importedCount: 0 });
    } finally {
      await db.execute(sql.raw('alter table subscriptions drop constraint test_reject_boom'));
    }
  });

  it('respects the plan limit for the whole import', async () => {
    const { client, orgId } = await owner('starter');
    for (let i = 0; i < 13; i += 1) await client.post('/api/subscriptions', { name: `Existing ${i}` });
    const csv = 'Name\nA\nB\nC\n';
    const preview = (await client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview.planLimit).toEqual({ limit: 15, current: 13, wouldExceed: true });
    const res = await client.post('/api/subscriptions/import/commit', { importId: preview.importId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'plan_limit', limit: 15 });
    expect(await stored(orgId)).toHaveLength(13);
    expect((await client.post('/api/subscriptions/import/commit', { csv: 'Name\nA\nB\n' })).statusCode).toBe(
      201,
    );
  });

  it('streams its progress to a client that asks for it, then the same result or error', async () => {
    const { client, orgId, cookie } = await owner();
    const lines = ['Name,Cost'];
    for (let i = 1; i <= 4_500; i += 1) lines.push(`Streamed ${i},${i}`);
    const preview = (
      await client.post('/api/subscriptions/import/preview', { csv: lines.join('\n') })
    ).json();
    const url = '/api/subscriptions/import/commit';
    const res = await postStreamed(server.app, cookie, url, { importId: preview.importId });
    expect(res.statusCode).toBe(200);
    expect(res.contentType).toContain('application/x-ndjson');
    expect(res.progress[0]).toEqual({ phase: 'checking', done: 0, total: 4_500 });
    const saving = res.progress.filter((p) => p.phase === 'saving');
    expect(saving.at(-1)).toEqual({ phase: 'saving', done: 4_500, total: 4_500 });
    expect(saving.map((p) => p.done)).toEqual([...saving.map((p) => p.done)].sort((a, b) => a - b));
    expect(res.outcome).toMatchObject({ status: 201, body: { importId: preview.importId, imported: 4_500 } });
    expect(await stored(orgId)).toHaveLength(4_500);

    // A failure arrives as the last line with the status and body the plain request would answer.
    const again = await postStreamed(server.app, cookie, url, { importId: preview.importId });
    expect(again.outcome).toEqual({
      status: 409,
      body: { message: 'This import was already committed.', code: 'conflict' },
    });
    const starter = await owner('starter');
    for (let i = 0; i < 14; i += 1)
      await starter.client.post('/api/subscriptions', { name: `Existing ${i}` });
    const limited = await postStreamed(server.app, starter.cookie, url, { csv: 'Name\nA\nB\n' });
    expect(limited.outcome).toMatchObject({ status: 403, body: { code: 'plan_limit', limit: 15 } });
    expect(await stored(starter.orgId)).toHaveLength(14);
  });

  it('refuses empty, header-only, unbalanced and spreadsheet files, and other tenants’ imports', async () => {
    const a = await owner();
    const b = await owner();
    expect((await a.client.post('/api/subscriptions/import/preview', { csv: 'Name\n' })).statusCode).toBe(
      400,
    );
    expect(
      (await a.client.post('/api/subscriptions/import/preview', { csv: 'Name\n"unclosed\n' })).statusCode,
    ).toBe(400);
    expect((await a.client.post('/api/subscriptions/import/preview', {})).statusCode).toBe(400);
    expect((await a.client.post('/api/subscriptions/import/commit', {})).statusCode).toBe(400);
    const theirs = (await b.client.post('/api/subscriptions/import/preview', { csv: 'Name\nX\n' })).json();
    expect((await a.client.get(`/api/imports/${theirs.importId}`)).statusCode).toBe(404);
    expect(
      (await a.client.post('/api/subscriptions/import/commit', { importId: theirs.importId })).statusCode,
    ).toBe(404);
    expect((await b.client.get(`/api/imports/${theirs.importId}`)).json().status).toBe('previewed');
  });
});
