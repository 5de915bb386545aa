import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { readWorkbook } from '../../test/read-workbook';
import { useTestServer } from '../../test/test-server';
import { readTableText } from '../../lib/tabular/read-table';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

async function stocked() {
  const owner = await buildOrgOwner(server.app);
  const client = api(server.app, owner.cookie);
  await client.post('/api/subscriptions', {
    name: 'Slack',
    catalogSlug: 'slack',
    seats: 10,
    nextRenewalDate: '2026-04-01',
    notes: 'Chat, "all hands"\nsecond line',
    ownerUserId: owner.id,
  });
  await client.post('/api/subscriptions', {
    name: '=cmd|evil',
    amountMinor: 100,
    status: 'paused',
    notes: '=HYPERLINK("http://evil.example","Click")',
  });
  await client.post('/api/subscriptions', {
    name: 'Miro',
    amountMinor: 2_000,
    currency: 'EUR',
    billingCycle: 'annual',
    nextRenewalDate: '2026-12-01',
    noticePeriodDays: 30,
  });
  return { owner, client };
}

describe('exports', () => {
  it('exports the filtered list as CSV that reads back through the importer', async () => {
    const { owner, client } = await stocked();
    const res = await client.get('/api/subscriptions/export?format=csv&sort=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="applications-2026-03-10.csv"');
    const [header, ...rows] = readTableText(res.body).records;
    expect(header.slice(0, 5)).toEqual(['Name', 'Vendor', 'Category', 'Status', 'Owner email']);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => r[0])).toEqual(["'=cmd|evil", 'Miro', 'Slack']);
    expect(rows[0][col('Notes')]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(rows[0][col('Cost per cycle')]).toBe('1.00');
    const slack = rows[2];
    expect(slack[col('Vendor')]).toBe('Salesforce');
    expect(slack[col('Owner email')]).toBe(owner.email);
    expect(slack[col('Price per seat')]).toBe('8.75');
    expect(slack[col('Cost per cycle')]).toBe('87.50');
    expect(slack[col('Monthly cost')]).toBe('87.50');
    expect(slack[col('Next renewal date')]).toBe('2026-04-01');
    expect(slack[col('Notes')]).toBe('Chat, "all hands"\nsecond line');
    const miro = rows[1];
    expect(miro[col('Currency')]).toBe('EUR');
    expect(miro[col('Annual cost')]).toBe('20.00');
    expect(miro[col('Cancel by')]).toBe('2026-11-01');

    const paused = readTableText((await client.get('/api/subscriptions/export?status=paused')).body);
    expect(paused.records.slice(1)).toHaveLength(1);

    // Round trip: the export imports into another workspace unchanged.
    const other = await buildOrgOwner(server.app);
    await setPlan(server.database.db, other.orgId, 'pro');
    const otherClient = api(server.app, other.cookie);
    const csv = res.body.replace(owner.email, '');
    const imported = await otherClient.post('/api/subscriptions/import/commit', { csv });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (await otherClient.get('/api/subscriptions?sort=name')).json().items;
    expect(
      copy.map((a: { name: string; amountMinor: number; currency: string }) => [
        a.name,
        a.amountMinor,
        a.currency,
      ]),
    ).toEqual([
      ['=cmd|evil', 100, 'USD'],
      ['Miro', 2_000, 'EUR'],
      ['Slack', 8_750, 'USD'],
    ]);
  });

  it('exports XLSX: a workbook with typed cells and formulas neutralised', async () => {
    const { client } = await stocked();
    const res = await client.get('/api/subscriptions/export?format=xlsx&sort=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="applications-2026-03-10.xlsx"');
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Applications')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Name', 'Vendor', 'Category']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(4);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);

    expect(cell(2, 'Name').value).toBe("'=cmd|evil");
    expect(cell(2, 'Notes').value).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(cell(2, 'Notes').type).toBe(ExcelJS.ValueType.String);
    expect(cell(3, 'Annual cost').value).toBe(20);
    expect(cell(3, 'Annual cost').numFmt).toBe('#,##0.00 "EUR"');
    expect(cell(3, 'Notice period (days)').value).toBe(30);
    const slack = 4;
    expect(cell(slack, 'Name').value).toBe('Slack');
    expect(cell(slack, 'Notes').value).toBe('Chat, "all hands"\nsecond line');
    expect(cell(slack, 'Cost per cycle').value).toBe(87.5);
    expect(cell(slack, 'Cost per cycle').type).toBe(ExcelJS.ValueType.Number);
    expect(cell(slack, 'Seats').value).toBe(10);
    expect(cell(slack, 'Next renewal date').value).toEqual(new Date('2026-04-01T00:00:00Z'));
    expect(cell(slack, 'Next renewal date').type).toBe(ExcelJS.ValueType.Date);
  });

  it('exports everything as JSON, only for the current organization', async () => {
    const { client, owner } = await stocked();
    await stocked();
    const res = await client.get('/api/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('stackwise-export-2026-03-10.json');
    const doc = res.json();
    expect(doc).toMatchObject({
      format: 'stackwise-export',
      version: 1,
      organization: { id: owner.orgId, currency: 'USD' },
    });
    expect(doc.applications).toHaveLength(3);
    expect(doc.vendors.map((v: { name: string }) => v.name)).toEqual(['Salesforce']);
    expect(doc.settings.categories.length).toBeGreaterThan(10);
    expect(doc.priceHistory).toHaveLength(3);
    expect((await server.app.inject({ method: 'GET', url: '/api/export' })).statusCode).toBe(401);
  });

  it('exports everything as one workbook, a sheet per table; an unknown format is a 400', async () => {
    const { client } = await stocked();
    const res = await client.get('/api/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="stackwise-export-2026-03-10.xlsx"',
    );
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Applications',
      'Price history',
      'Vendors',
      'Lists',
    ]);
    expect(workbook.getWorksheet('Applications')!.rowCount).toBe(4);

    const prices = workbook.getWorksheet('Price history')!;
    const priceHeader = (prices.getRow(1).values as unknown[]).slice(1);
    const miro = prices.getRows(2, 3)!.find((r) => r.getCell(1).value === 'Miro')!;
    expect(miro.getCell(priceHeader.indexOf('New amount') + 1).value).toBe(20);
    expect(miro.getCell(priceHeader.indexOf('New amount') + 1).numFmt).toBe('#,##0.00 "EUR"');
    expect(miro.getCell(priceHeader.indexOf('Changed on') + 1).value).toEqual(
      new Date('2026-03-10T00:00:00Z'),
    );
    expect(
      prices
        .getRows(2, 3)!
        .map((r) => r.getCell(1).value)
        .sort(),
    ).toEqual(["'=cmd|evil", 'Miro', 'Slack']);

    const vendors = workbook.getWorksheet('Vendors')!;
    expect(vendors.rowCount).toBe(2);
    expect(vendors.getRow(2).getCell(1).value).toBe('Salesforce');
    const lists = workbook.getWorksheet('Lists')!;
    expect(lists.getRow(1).values).toEqual([undefined, 'List', 'Name', 'Colour']);
    expect(lists.getRow(2).getCell(1).value).toBe('Category');

    const bad = await client.get('/api/export?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect((await client.get('/api/subscriptions/export?format=pdf')).statusCode).toBe(400);
  });
});
