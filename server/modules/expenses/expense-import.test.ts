import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenseImportBatches, expenses } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { postStreamed } from '../../test/progress';
import { useTestServer } from '../../test/test-server';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'parsers', 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const server = useTestServer({ clock: fixedClock('2026-03-20T09:00:00Z') });

async function setup() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  const zoom = await buildSubscription(db, owner.orgId, {
    name: 'Zoom',
    catalogSlug: 'zoom',
    amountMinor: 1399,
    currency: 'EUR',
  });
  const slack = await buildSubscription(db, owner.orgId, {
    name: 'Slack',
    amountMinor: 8750,
    currency: 'EUR',
  });
  const client = api(server.app, owner.cookie);
  const upload = (name: string, content: Buffer | string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/expenses/import',
      ...withCookie(multipartFile(name, content), owner.cookie),
    });
  return { owner, client, zoom, slack, upload };
}

function withCookie(part: ReturnType<typeof multipartFile>, cookie: string) {
  return { payload: part.payload, headers: { ...part.headers, cookie } };
}

const storedFor = (orgId: string) =>
  server.database.db.select().from(expenses).where(eq(expenses.organizationId, orgId));

describe('statement import', () => {
  it('uploads a German CSV, detects the mapping, previews and commits it in one go', async () => {
    const { owner, client, zoom, slack, upload } = await setup();
    const uploaded = await upload('umsaetze.csv', fixture('dkb-girokonto.csv'));
    expect(uploaded.statusCode).toBe(201);
    const batch = uploaded.json();
    // Five transactions: the trailing line of empty cells is no row (every importer ignores blank lines).
    expect(batch).toMatchObject({ format: 'csv', delimiter: ';', rowCount: 5, dateFormatAmbiguous: false });
    expect(batch.mapping).toMatchObject({
      date: 0,
      merchant: 3,
      amount: 7,
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
    });

    const preview = (
      await client.post(`/api/expenses/import/${batch.batchId}/preview`, { defaultCurrency: 'EUR' })
    ).json();
    expect(preview.counts).toEqual({ rows: 5, valid: 4, errors: 0, duplicates: 0, matched: 2, skipped: 1 });
    expect(preview.totals).toEqual([{ currency: 'EUR', amountMinor: 123456 + 1399 + 6840 + 8750, count: 4 }]);
    expect(preview.dateRange).toEqual({ from: '2026-01-02', to: '2026-02-03' });
    expect(preview.rows.find((r: { merchant: string }) => r.merchant.startsWith('ZOOM'))).toMatchObject({
      subscriptionId: zoom.id,
      subscriptionName: 'Zoom',
      matchStatus: 'matched',
      duplicate: null,
    });
    expect(await storedFor(owner.orgId)).toHaveLength(0); // a preview stores nothing

    const commit = await client.post(`/api/expenses/import/${batch.batchId}/commit`, {
      defaultCurrency: 'EUR',
    });
    expect(commit.json()).toEqual({
      batchId: batch.batchId,
      imported: 4,
      created: 4,
      updated: 0,
      skippedExisting: 0,
      skippedDuplicates: 0,
      skippedInvalid: 0,
      errors: [],
      matched: 2,
    });
    const stored = await storedFor(owner.orgId);
    expect(stored).toHaveLength(4);
    expect(stored.every((e) => e.source === 'csv' && e.importBatchId === batch.batchId)).toBe(true);
    expect(stored.find((e) => e.merchant === 'SLACK T01ABCDE')).toMatchObject({
      subscriptionId: slack.id,
      amountMinor: 8750,
    });
    expect((await client.get('/api/organizations')).json()[0].setupProgress.importExpenses).toBe(true);
    const [saved] = await server.database.db
      .select()
      .from(expenseImportBatches)
      .where(eq(expenseImportBatches.id, batch.batchId));
    expect(saved).toMatchObject({ status: 'committed', importedCount: 4, storageKey: null });
    expect((await client.post(`/api/expenses/import/${batch.batchId}/commit`, {})).statusCode).toBe(409);
    expect((await client.get('/api/expenses/import')).json()[0]).toMatchObject({
      id: batch.batchId,
      status: 'committed',
    });
  });

  it('flags duplicates of stored expenses and within the file; skips them unless kept', async () => {
    const { owner, client, upload } = await setup();
    const first = (await upload('a.csv', fixture('dkb-girokonto.csv'))).json();
    await client.post(`/api/expenses/import/${first.batchId}/commit`, { defaultCurrency: 'EUR' });
    const again = (await upload('a.csv', fixture('dkb-girokonto.csv'))).json();
    const preview = (
      await client.post(`/api/expenses/import/${again.batchId}/preview`, { defaultCurrency: 'EUR' })
    ).json();
    expect(preview.counts.duplicates).toBe(4);
    expect(preview.duplicates.every((d: { duplicate: string }) => d.duplicate === 'existing')).toBe(true);
    const zoomLine = preview.duplicates.find((d: { merchant: string }) => d.merchant.startsWith('ZOOM')).line;
    const commit = await client.post(`/api/expenses/import/${again.batchId}/commit`, {
      defaultCurrency: 'EUR',
      keepDuplicateLines: [zoomLine],
    });
    expect(commit.json()).toMatchObject({ imported: 1, skippedDuplicates: 3 });
    expect(await storedFor(owner.orgId)).toHaveLength(5);

    const repeated =
      'Date,Description,Amount\n2026-03-01,NOTION LABS,-8.00\n2026-03-01,NOTION LABS,-8.00\n2026-03-02,NOTION LABS,-8.00\n';
    const inFile = (await upload('b.csv', repeated)).json();
    const p2 = (await client.post(`/api/expenses/import/${inFile.batchId}/preview`, {})).json();
    expect(p2.duplicates.map((d: { line: number; duplicate: string }) => [d.line, d.duplicate])).toEqual([
      [3, 'in-file'],
    ]);
    expect(
      (await client.post(`/api/expenses/import/${inFile.batchId}/commit`, { keepAllDuplicates: true })).json()
        .imported,
    ).toBe(3);
  });

  it('tells OFX transactions apart by bank id even when date, amount and merchant agree', async () => {
    const { client, upload } = await setup();
    const ofx = (fitids: string[]) =>
      `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>${fitids
        .map(
          (id) =>
            `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260305<TRNAMT>-10.00<FITID>${id}<NAME>UBER TRIP</STMTTRN>`,
        )
        .join('')}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const first = (await upload('one.ofx', ofx(['A1', 'A2']))).json();
    expect(first.format).toBe('ofx');
    expect(
      (await client.post(`/api/expenses/import/${first.batchId}/preview`, {})).json().counts.duplicates,
    ).toBe(0);
    await client.post(`/api/expenses/import/${first.batchId}/commit`, {});
    const second = (await upload('two.ofx', ofx(['A2', 'A3']))).json();
    const preview = (await client.post(`/api/expenses/import/${second.batchId}/preview`, {})).json();
    expect(preview.counts).toMatchObject({ valid: 2, duplicates: 1 });
    expect((await client.post(`/api/expenses/import/${second.batchId}/commit`, {})).json()).toMatchObject({
      imported: 1,
      skippedDuplicates: 1,
    });
  });

  it('imports QIF with a payment method and maps categories by name', async () => {
    const { owner, client, upload } = await setup();
    const card = (await client.post('/api/settings/payment-methods', { name: 'Corporate Visa' })).json();
    const uploaded = (await upload('export.qif', fixture('quicken-bank.qif'))).json();
    expect(uploaded.format).toBe('qif');
    const result = await client.post(`/api/expenses/import/${uploaded.batchId}/commit`, {
      paymentMethodId: card.id ?? card[0]?.id,
      skipInvalidRows: true,
    });
    expect(result.json()).toMatchObject({ imported: 2, skippedInvalid: 1 });
    const stored = await storedFor(owner.orgId);
    expect(stored.every((e) => e.source === 'qif')).toBe(true);
  });

  it('refuses a file with unreadable rows unless they are skipped, and stores nothing', async () => {
    const { owner, client, upload } = await setup();
    const csv =
      'Date,Description,Amount\n2026-03-01,NOTION LABS,-8.00\nnot a date,BROKEN,-1.00\n2026-03-03,LINEAR,-10.00\n';
    const uploaded = (await upload('c.csv', csv)).json();
    const preview = (await client.post(`/api/expenses/import/${uploaded.batchId}/preview`, {})).json();
    const bad = { line: 3, field: 'date', message: 'Date "not a date" is not a YYYY-MM-DD date' };
    expect(preview.errors).toEqual([bad]);
    const refused = await client.post(`/api/expenses/import/${uploaded.batchId}/commit`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', errors: [bad] });
    expect(await storedFor(owner.orgId)).toHaveLength(0);
    const skipped = await client.post(`/api/expenses/import/${uploaded.batchId}/commit`, {
      skipInvalidRows: true,
    });
    expect(skipped.json()).toMatchObject({ imported: 2, skippedInvalid: 1, errors: [bad] });
  });

  it('rolls the whole import back when the database fails half-way', async () => {
    const { owner, client, upload } = await setup();
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 4500; i++)
      lines.push(`2026-02-${String((i % 28) + 1).padStart(2, '0')},VENDOR ${i},-${i + 10}.00`);
    lines[3001] = '2026-02-10,BOOM,-5.00'; // in the second insert batch
    const uploaded = (await upload('big.csv', lines.join('\n'))).json();
    const db = server.database.db;
    await db.execute(
      sql.raw(`create or replace function boom() returns trigger language plpgsql as $$
      begin if new.merchant = 'BOOM' then raise exception 'disk on fire'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger boom before insert on expenses for each row execute function boom()'),
    );
    try {
      const failed = await client.post(`/api/expenses/import/${uploaded.batchId}/commit`, {});
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ message: expect.any(String), code: 'internal_error' });
      expect(await storedFor(owner.orgId)).toHaveLength(0);
      const [batch] = await db
        .select()
        .from(expenseImportBatches)
        .where(eq(expenseImportBatches.id, uploaded.batchId));
      expect(batch.status).toBe('uploaded');
    } finally {
      await db.execute(sql.raw('drop trigger boom on expenses'));
    }
    const retried = await client.post(`/api/expenses/import/${uploaded.batchId}/commit`, {});
    expect(retried.json().imported).toBe(4500);
  });

  it('streams the commit’s progress (checking, saving batch by batch, finishing) before its result', async () => {
    const { owner, upload } = await setup();
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 10_500; i++)
      lines.push(
        `2026-01-${String((i % 28) + 1).padStart(2, '0')},SHOP ${i},-${((i + 100) / 100).toFixed(2)}`,
      );
    const uploaded = (await upload('year.csv', lines.join('\n'))).json();
    const url = `/api/expenses/import/${uploaded.batchId}/commit`;
    const res = await postStreamed(server.app, owner.cookie, url, {});
    expect(res.statusCode).toBe(200);
    expect(res.progress.map((p) => p.phase)).toEqual(['checking', 'saving', 'saving', 'saving', 'finishing']);
    expect(res.progress.filter((p) => p.phase === 'saving').map((p) => p.done)).toEqual([0, 5000, 10_000]);
    expect(res.progress.at(-1)).toEqual({ phase: 'finishing', done: 10_500, total: 10_500 });
    expect(res.outcome).toMatchObject({ status: 200, body: { batchId: uploaded.batchId, imported: 10_500 } });
    expect(await storedFor(owner.orgId)).toHaveLength(10_500);
    const again = await postStreamed(server.app, owner.cookie, url, {});
    expect(again.outcome).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('refuses binaries (415), empty files (400) and files over 20 MB (413)', async () => {
    const { upload } = await setup();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0)]);
    expect((await upload('statement.pdf', pdf)).statusCode).toBe(415);
    expect((await upload('empty.csv', '')).statusCode).toBe(400);
    expect((await upload('header-only.csv', 'Date,Description,Amount\n')).statusCode).toBe(400);
    const huge = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    const response = await upload('huge.csv', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it("keeps imports to their organization: another tenant's batch is 404, and undo removes an import", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await b.upload('x.csv', fixture('amex-card.csv'))).json();
    expect((await a.client.post(`/api/expenses/import/${theirs.batchId}/preview`, {})).statusCode).toBe(404);
    expect((await a.client.post(`/api/expenses/import/${theirs.batchId}/commit`, {})).statusCode).toBe(404);
    expect((await a.client.delete(`/api/expenses/import/${theirs.batchId}`)).statusCode).toBe(404);
    await b.client.post(`/api/expenses/import/${theirs.batchId}/commit`, {});
    expect(await storedFor(b.owner.orgId)).toHaveLength(4);
    expect((await b.client.delete(`/api/expenses/import/${theirs.batchId}`)).statusCode).toBe(204);
    expect(await storedFor(b.owner.orgId)).toHaveLength(0);
    const batches = await server.database.db
      .select()
      .from(expenseImportBatches)
      .where(and(eq(expenseImportBatches.organizationId, b.owner.orgId)));
    expect(batches).toHaveLength(0);
  });
});
