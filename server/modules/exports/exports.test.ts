import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { api, buildOrgOwner } from '../../test/factories';
import { setPlan } from '../../test/inventory-factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { readTableText } from '../../lib/tabular/read-table';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });
});
afterAll(() => server.close());

/** Files of a ZIP archive by name (stored or deflated entries), read from the central directory. */
function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buffer.readUInt32LE(end + 16);
  for (let i = 0; i < buffer.readUInt16LE(end + 10); i += 1) {
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(dataStart, dataStart + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra;
  }
  return files;
}

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
  await client.post('/api/subscriptions', { name: '=cmd|evil', amountMinor: 100, status: 'paused' });
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

  it('exports XLSX: a valid workbook with typed cells', async () => {
    const { client } = await stocked();
    const res = await client.get('/api/subscriptions/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<t xml:space="preserve">Slack</t>');
    expect(sheet).toContain('<t xml:space="preserve">Chat, &quot;all hands&quot;\nsecond line</t>');
    expect(sheet).toMatch(/<c r="L\d" s="2"><v>87.5<\/v><\/c>/); // cost per cycle as a number
    expect(sheet).toContain('<v>46113</v>'); // 2026-04-01 as an Excel date
    expect(files.get('xl/workbook.xml')).toContain('name="Applications"');
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
});
