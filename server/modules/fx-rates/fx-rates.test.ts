// FX rates (issue 19): the rates API and its CSV import, conversion of totals, missing rates.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { addMemberWithSession, api, buildOrgOwner, buildSubscription } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestServer } from '../../test/test-server';
import { convertAmounts } from '.';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>) => (await server.database.db.execute(q)).rows as Row[];
const addExpense = (orgId: string, date: string, amountMinor: number, currency: string) =>
  query(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name)
    values (${orgId}, ${date}, ${amountMinor}, ${currency}, 'X', 'X', 'X')`);
const storedRates = async (orgId: string) =>
  query(sql`select date::text, base, quote, rate::float8 as rate, source from fx_rates
    where organization_id = ${orgId} order by date, base, quote`);

async function owner() {
  const built = await buildOrgOwner(server.app);
  return { ...built, client: api(server.app, built.cookie) };
}
function upload(cookie: string, name: string, content: string) {
  const part = multipartFile(name, content, 'text/csv');
  return server.app.inject({
    method: 'POST',
    url: '/api/fx-rates/import',
    headers: { ...part.headers, cookie },
    payload: part.payload,
  });
}

// The ECB's history file as published: EUR base, a column per currency (BGN and the retired CYP are
// not supported here), "N/A" where there was no quote, a trailing comma on every line.
const ECB_HIST = [
  'Date,USD,JPY,BGN,CYP,GBP,KWD,',
  '2026-03-06,1.0850,162.10,1.9558,N/A,0.8420,0.3340,',
  '2026-03-05,1.0812,161.95,1.9558,N/A,0.8410,N/A,',
  '2026-03-04,1.08x,161.00,1.9558,N/A,0.8400,0.3330,',
  '04-13-2026,1.0800,160.00,1.9558,N/A,0.8390,0.3320,',
  '',
].join('\n');
// The daily file: spaces after the commas, the date written out.
const ECB_DAILY = 'Date, USD, JPY, BGN, GBP, \n09 March 2026, 1.0900, 163.00, 1.9558, 0.8500, \n';

describe('import', () => {
  it('reads the ECB history file: N/A left out, unsupported currencies skipped, bad cells reported by line', async () => {
    const { orgId, cookie, client } = await owner();
    const response = await upload(cookie, 'eurofxref-hist.csv', ECB_HIST);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      imported: 10,
      skipped: 3,
      errors: [
        { line: 4, message: 'USD: not a rate: "1.08x"' },
        { line: 5, message: 'Date: not a date: "04-13-2026"' },
      ],
      from: '2026-03-04',
      to: '2026-03-06',
    });
    const rates = await storedRates(orgId);
    expect(rates).toHaveLength(10);
    expect(rates).toContainEqual({
      date: '2026-03-05',
      base: 'EUR',
      quote: 'USD',
      rate: 1.0812,
      source: 'csv',
    });
    expect(rates.filter((r) => r.date === '2026-03-05').map((r) => r.quote)).toEqual(['GBP', 'JPY', 'USD']);

    const list = (await client.get('/api/fx-rates?currency=USD')).json();
    expect(list.reportingCurrency).toBe('USD');
    expect(list.items.map((r: Row) => r.date)).toEqual(['2026-03-06', '2026-03-05']);
    const audit = await query(sql`select action, changes->>'imported' as imported from audit_events
      where organization_id = ${orgId} and entity_type = 'fx_rate'`);
    expect(audit).toEqual([{ action: 'fx_rate.import', imported: '10' }]);
  });

  it('reads the ECB daily file with its written-out date, and a long table with from/to columns', async () => {
    const { orgId, cookie } = await owner();
    expect((await upload(cookie, 'eurofxref.csv', ECB_DAILY)).json()).toMatchObject({
      imported: 3,
      skipped: 1,
    });
    const long =
      'date;from;to;rate\n2026-03-02;GBP;USD;1,27\n2026-03-02;USD;XYZ;2\nyesterday;GBP;USD;1.2\n2026-03-03;GBP;USD;-1\n';
    expect((await upload(cookie, 'rates.csv', long)).json()).toEqual({
      imported: 1,
      skipped: 1,
      errors: [
        { line: 4, message: 'Date: not a date: "yesterday"' },
        { line: 5, message: 'Rate: not a rate: "-1"' },
      ],
      from: '2026-03-02',
      to: '2026-03-02',
    });
    expect(await storedRates(orgId)).toEqual([
      { date: '2026-03-02', base: 'GBP', quote: 'USD', rate: 1.27, source: 'csv' },
      { date: '2026-03-09', base: 'EUR', quote: 'GBP', rate: 0.85, source: 'csv' },
      { date: '2026-03-09', base: 'EUR', quote: 'JPY', rate: 163, source: 'csv' },
      { date: '2026-03-09', base: 'EUR', quote: 'USD', rate: 1.09, source: 'csv' },
    ]);
  });

  it('refuses a file that holds no rates (400) and stores nothing', async () => {
    const { orgId, cookie } = await owner();
    const response = await upload(cookie, 'people.csv', 'name,email\nAda,ada@example.com\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Not a rate file/);
    expect(await storedRates(orgId)).toEqual([]);
  });

  it('imports the full ECB history size (≈ 200,000 rates) in one go', async () => {
    const { orgId, cookie } = await owner();
    const currencies = [
      'USD',
      'JPY',
      'BGN',
      'CZK',
      'DKK',
      'GBP',
      'HUF',
      'PLN',
      'RON',
      'SEK',
      'CHF',
      'ISK',
      'NOK',
      'TRY',
      'AUD',
      'BRL',
      'CAD',
      'CNY',
      'HKD',
      'IDR',
      'ILS',
      'INR',
      'KRW',
      'MXN',
      'MYR',
      'NZD',
      'PHP',
      'SGD',
      'THB',
      'ZAR',
    ];
    const lines = [`Date,${currencies.join(',')},`];
    for (let day = 0; day < 7000; day += 1) {
      const date = new Date(Date.UTC(2026, 2, 6) - day * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${date},${currencies.map((_, i) => (1 + i / 7 + day / 1e5).toFixed(4)).join(',')},`);
    }
    const started = Date.now();
    const response = await upload(cookie, 'eurofxref-hist.csv', lines.join('\n'));
    expect(response.json()).toMatchObject({ imported: 7000 * 29, skipped: 7000, errors: [] });
    expect(Date.now() - started).toBeLessThan(60_000);
    const [count] = await query(
      sql`select count(*)::int as n from fx_rates where organization_id = ${orgId}`,
    );
    expect(count!.n).toBe(7000 * 29);
  }, 120_000);
});

describe('manual rates', () => {
  it('enters, replaces and deletes rates; another tenant’s rate is a 404 and stays', async () => {
    const a = await owner();
    const b = await owner();
    const rate = { date: '2026-03-02', base: 'EUR', quote: 'USD', rate: 1.1 };
    const created = await a.client.post('/api/fx-rates', { rates: [rate] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual([{ ...rate, source: 'manual', createdAt: '2026-03-10T12:00:00.000Z' }]);
    await a.client.post('/api/fx-rates', { rates: [{ ...rate, rate: 1.12 }] });
    expect(await storedRates(a.orgId)).toEqual([{ ...rate, rate: 1.12, source: 'manual' }]);
    await b.client.post('/api/fx-rates', { rates: [rate] });

    const bad = await a.client.post('/api/fx-rates', { rates: [{ ...rate, quote: 'EUR' }] });
    expect(bad.statusCode).toBe(400);
    expect((await a.client.post('/api/fx-rates', { rates: [{ ...rate, rate: 0 }] })).statusCode).toBe(400);

    const key = 'date=2026-03-02&base=EUR&quote=USD';
    expect((await a.client.delete(`/api/fx-rates?${key}`)).statusCode).toBe(204);
    expect((await a.client.delete(`/api/fx-rates?${key}`)).statusCode).toBe(404);
    expect(await storedRates(b.orgId)).toHaveLength(1);
    const audit = await query(sql`select action from audit_events where organization_id = ${a.orgId}
      and entity_type = 'fx_rate' order by created_at, action`);
    expect(audit.map((r) => r.action).sort()).toEqual(['fx_rate.create', 'fx_rate.create', 'fx_rate.delete']);
  });

  it('lets every role read and only owners and admins write', async () => {
    const { orgId } = await owner();
    const rates = { rates: [{ date: '2026-03-02', base: 'EUR', quote: 'USD', rate: 1.1 }] };
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const member = api(server.app, (await addMemberWithSession(server.app.deps.db, orgId, role)).cookie);
      expect((await member.get('/api/fx-rates')).statusCode, role).toBe(200);
      expect((await member.post('/api/fx-rates', rates)).statusCode, role).toBe(role === 'admin' ? 201 : 403);
      const file = await upload(
        (await addMemberWithSession(server.app.deps.db, orgId, role)).cookie,
        'eurofxref.csv',
        ECB_DAILY,
      );
      expect(file.statusCode, role).toBe(role === 'admin' ? 200 : 403);
    }
  });
});

describe('conversion', () => {
  it('crosses through the common base: a USD organization’s GBP expenses at each charge’s own date', async () => {
    const { orgId, client } = await owner();
    await addExpense(orgId, '2026-02-03', 10_000, 'GBP');
    await addExpense(orgId, '2026-02-20', 10_000, 'GBP');
    // Missing, not 0 and not 1: both charges are listed as having no rate.
    expect((await client.get('/api/fx-rates')).json().missing).toEqual([
      { currency: 'GBP', since: '2026-02-01', charges: 2 },
    ]);
    await client.post('/api/fx-rates', {
      rates: [
        { date: '2026-02-03', base: 'EUR', quote: 'USD', rate: 1.1 },
        { date: '2026-02-03', base: 'EUR', quote: 'GBP', rate: 0.88 },
        { date: '2026-02-20', base: 'EUR', quote: 'USD', rate: 1.2 },
        { date: '2026-02-20', base: 'EUR', quote: 'GBP', rate: 0.8 },
      ],
    });
    expect((await client.get('/api/fx-rates')).json().missing).toEqual([]);
    const [month] = await query(sql`select round(converted_minor)::int as converted from expense_month_totals
      where organization_id = ${orgId} and currency = 'GBP'`);
    // 100 GBP × 1.1/0.88 = 125 USD, then 100 GBP × 1.2/0.8 = 150 USD.
    expect(month!.converted).toBe(27_500);

    const on = (date: string) =>
      convertAmounts(server.app.deps.db, orgId, [{ currency: 'GBP', amountMinor: 10_000 }], 'USD', date);
    expect(await on('2026-02-03')).toEqual({ currency: 'USD', amountMinor: 12_500, unconverted: [] });
    expect(await on('2026-02-21')).toEqual({ currency: 'USD', amountMinor: 15_000, unconverted: [] });
    // Beyond the 7-day look-back there is no rate: listed apart, in its own currency.
    expect(
      await convertAmounts(
        server.app.deps.db,
        orgId,
        [
          { currency: 'USD', amountMinor: 500 },
          { currency: 'GBP', amountMinor: 10_000 },
          { currency: 'JPY', amountMinor: 0 },
        ],
        'USD',
        '2026-03-10',
      ),
    ).toEqual({
      currency: 'USD',
      amountMinor: 500,
      unconverted: [{ currency: 'GBP', amountMinor: 10_000, count: 1 }],
    });
    // Minor units follow each currency's exponent: 1,000 JPY (no decimals) at 0.0066 USD = 6.60 USD.
    await client.post('/api/fx-rates', {
      rates: [{ date: '2026-03-10', base: 'JPY', quote: 'USD', rate: 0.0066 }],
    });
    expect(
      (
        await convertAmounts(
          server.app.deps.db,
          orgId,
          [{ currency: 'JPY', amountMinor: 1000 }],
          'USD',
          '2026-03-10',
        )
      ).amountMinor,
    ).toBe(660);
  });

  it('converts the applications list totals and the dashboard spend at today’s rate, fresh after a rate write', async () => {
    const { orgId, client } = await owner();
    await buildSubscription(server.app.deps.db, orgId, { amountMinor: 10_000, currency: 'USD' });
    await buildSubscription(server.app.deps.db, orgId, { amountMinor: 20_000, currency: 'EUR' });
    const listTotals = async () => (await client.get('/api/subscriptions')).json().totals;
    const dashboard = async () => (await client.get('/api/dashboard/summary')).json();

    const before = await listTotals();
    expect(before).toMatchObject({ monthlyMinor: 10_000, currency: 'USD' });
    expect(before.converted.monthly).toEqual({
      currency: 'USD',
      amountMinor: 10_000,
      unconverted: [{ currency: 'EUR', amountMinor: 20_000, count: 1 }],
    });
    expect((await dashboard()).converted.annual.unconverted).toEqual([
      { currency: 'EUR', amountMinor: 240_000, count: 1 },
    ]);
    expect((await client.get('/api/fx-rates')).json().missing).toEqual([
      { currency: 'EUR', since: null, charges: 0 },
    ]);

    await client.post('/api/fx-rates', {
      rates: [{ date: '2026-03-09', base: 'EUR', quote: 'USD', rate: 1.1 }],
    });
    const after = await listTotals();
    expect(after.monthlyMinor).toBe(10_000);
    expect(after.converted.monthly).toEqual({ currency: 'USD', amountMinor: 32_000, unconverted: [] });
    expect(after.converted.annual).toEqual({ currency: 'USD', amountMinor: 384_000, unconverted: [] });
    expect(after.byCurrency.map((c: Row) => c.currency)).toEqual(['EUR', 'USD']);
    const summary = await dashboard();
    expect(summary).toMatchObject({ monthlySpendMinor: 10_000, applications: 2 });
    expect(summary.converted.monthly).toEqual({ currency: 'USD', amountMinor: 32_000, unconverted: [] });
  });
});
