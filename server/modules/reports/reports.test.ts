import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import {
  api,
  buildAssignment,
  buildOrgOwner,
  buildPerson,
  buildPool,
  buildSubscription,
  setPlan,
} from '../../test/factories';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { multipartFile } from '../../test/multipart';
import { readPdf } from '../../test/read-pdf';
import { readWorkbook } from '../../test/read-workbook';
import { BAD_PLURAL } from '../../../common/wording';
import { useTestServer } from '../../test/test-server';

// The report library through the API: plans, the document, and its files read back.

const server = useTestServer({ clock: fixedClock('2026-11-15T12:00:00Z') });

async function org(plan: 'starter' | 'pro' | 'scale' = 'pro') {
  const owner = await buildOrgOwner(server.app, { orgName: 'Initech' });
  await setPlan(server.app.deps.db, owner.orgId, plan);
  return { ...owner, client: api(server.app, owner.cookie) };
}

describe('report library', () => {
  it('lists the reports on Growth and answers 403 plan_required on Starter', async () => {
    const growth = await org('pro');
    const list = await growth.client.get('/api/reports');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { key: string }) => r.key)).toContain('executive-summary');
    const starter = await org('starter');
    const denied = await starter.client.get('/api/reports');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('plan_required');
    expect((await starter.client.get('/api/reports/license-utilisation')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown report and 400 for a reversed range', async () => {
    const { client } = await org();
    expect((await client.get('/api/reports/nope')).statusCode).toBe(404);
    const reversed = await client.get('/api/reports/license-utilisation?from=2026-05-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect((await client.get('/api/reports/license-utilisation?from=2026-02-30')).statusCode).toBe(400);
    expect((await client.get('/api/reports/license-utilisation?format=doc')).statusCode).toBe(400);
  });
});

describe('license utilisation', () => {
  it('shows seats and the yearly cost of unused ones, the same on screen and in the PDF', async () => {
    const owner = await org();
    const db = server.app.deps.db;
    const app = await buildSubscription(db, owner.orgId, { name: 'Figma' });
    const pool = await buildPool(db, owner.orgId, app!.id, { seats: 10, unitPriceMinor: 1_500 });
    for (let i = 0; i < 4; i++) {
      const person = await buildPerson(db, owner.orgId);
      await buildAssignment(db, owner.orgId, pool!.id, person!.id, {
        lastActiveAt: i < 3 ? new Date('2026-11-10T00:00:00Z') : null,
      });
    }
    const json = await owner.client.get('/api/reports/license-utilisation');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc).toMatchObject({ from: '2025-11-01', to: '2026-10-31', currency: 'USD' });
    const table = doc.sections.find((s: { id: string }) => s.id === 'applications');
    // 10 seats, 3 active: 7 unused × $15 × 12 = $1,260 a year.
    expect(table.rows[0]).toMatchObject({
      application: 'Figma',
      purchased: 10,
      assigned: 4,
      active: 3,
      unusedCost: 126_000,
    });

    const pdf = await owner.client.get('/api/reports/license-utilisation?format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="stackwise-license-utilisation-2025-11-01-2026-10-31.pdf"',
    );
    const text = (await readPdf(pdf.rawPayload)).flat().join('\n');
    expect(text).toContain('License utilisation');
    expect(text).toContain('Period: Nov 1, 2025 – Oct 31, 2026');
    expect(text).toContain('$1,260.00');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Stackwise');
  });
});

describe('renewals calendar', () => {
  it('covers the next 90 days by default, with cancel-by dates; the workbook has typed cells', async () => {
    const owner = await org();
    const db = server.app.deps.db;
    await buildSubscription(db, owner.orgId, {
      name: 'Salesforce',
      billingCycle: 'annual',
      amountMinor: 1_200_000,
      nextRenewalDate: '2026-12-31',
      noticePeriodDays: 30,
      autoRenew: true,
    });
    await buildSubscription(db, owner.orgId, {
      name: 'Later',
      billingCycle: 'annual',
      nextRenewalDate: '2027-06-01',
    });
    const doc = (await owner.client.get('/api/reports/renewals-calendar')).json();
    expect(doc).toMatchObject({ from: '2026-11-15', to: '2027-02-12' });
    const table = doc.sections.find((s: { id: string }) => s.id === 'renewals');
    expect(table.rows).toEqual([
      expect.objectContaining({
        application: 'Salesforce',
        renewalDate: '2026-12-31',
        cancelBy: '2026-12-01',
        autoRenew: 'Yes',
        cycleCost: 1_200_000,
      }),
    ]);

    const file = await owner.client.get('/api/reports/renewals-calendar?format=xlsx');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="stackwise-renewals-calendar-2026-11-15-2027-02-12.xlsx"',
    );
    const workbook = await readWorkbook(file.rawPayload);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Summary', 'Renewals']);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Renewals calendar');
    const sheet = workbook.getWorksheet('Renewals')!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Salesforce');
    expect(row.getCell(4).value).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(8).value).toBe(12_000);
    expect(row.getCell(8).numFmt).toBe('#,##0.00 "USD"');
    expect(sheet.getRow(3).getCell(1).value).toBe('Total');

    const audit = await server.app.deps.db.execute(
      sql`select changes from audit_events where organization_id = ${owner.orgId} and action = 'report.export'`,
    );
    expect(audit.rows).toEqual([{ changes: { format: 'xlsx', from: '2026-11-15', to: '2027-02-12' } }]);
  });
});

/** A savings opportunity row, open unless `realizedAt` is given. */
async function addOpportunity(orgId: string, minor: number, realizedAt: string | null) {
  await server.app.deps.db.execute(sql`insert into insight_opportunities (organization_id, key, type, title,
      explanation, evidence, saving_minor, counted_minor, currency, confidence, confidence_reason, claims,
      action_path, action_text, state, realized_minor, realized_source, realized_at)
    values (${orgId}, ${`k-${Math.random()}`}, 'inactive_licenses', 'Idle seats', 'x', '[]'::jsonb, ${minor},
      ${minor}, 'USD', 'high', 'x', '[]'::jsonb, '/app/licenses', 'Reclaim',
      ${realizedAt ? 'realized' : 'new'}, ${realizedAt ? minor : null}, ${realizedAt ? 'manual' : null},
      ${realizedAt}::timestamptz)`);
}

describe('savings realised', () => {
  it('sums what the ledger realised in the period, by type', async () => {
    const owner = await org();
    const realised = (minor: number, at: string) => addOpportunity(owner.orgId, minor, at);
    await realised(70_000, '2026-03-10T00:00:00Z');
    await realised(30_000, '2026-10-31T23:00:00Z');
    await realised(99_000, '2026-11-02T00:00:00Z'); // after the period
    await addOpportunity(owner.orgId, 432_000, null); // open
    const doc = (await owner.client.get('/api/reports/savings-realised')).json();
    const kpis = doc.sections[0].items;
    expect(kpis[0]).toMatchObject({ label: 'Realised in the period', value: 100_000 });
    expect(kpis[1]).toMatchObject({ value: 432_000 });
    const byType = doc.sections.find((s: { id: string }) => s.id === 'by-type');
    expect(byType.totals).toMatchObject({ realized: 100_000, identified: 432_000 });
    const chart = doc.sections.find((s: { id: string }) => s.id === 'by-month');
    expect(chart.categories).toHaveLength(12);
    expect(chart.series[0].values.reduce((a: number, b: number) => a + b, 0)).toBe(100_000);
  });
});

describe('shadow IT', () => {
  it('lists recurring unmatched charges; the CSV has money as decimals under the currency', async () => {
    const owner = await org();
    for (const date of ['2026-07-03', '2026-08-03', '2026-09-03', '2026-10-03']) {
      await server.app.deps.db
        .execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name)
        values (${owner.orgId}, ${date}, 4900, 'USD', '=NOTION LABS', 'notion labs', 'NOTION LABS')`);
    }
    const csv = await owner.client.get('/api/reports/shadow-it?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data[0]).toMatchObject({
      Merchant: "'=NOTION LABS",
      Cycle: 'monthly',
      Charges: '4',
      'First charge': '2026-07-03',
      'Latest charge (USD)': '49.00',
      'Yearly cost (USD)': '588.00',
    });
    expect(parsed.data.at(-1)).toMatchObject({ Merchant: 'Total', 'Yearly cost (USD)': '588.00' });
    expect((await owner.client.get('/api/reports/shadow-it?format=csv&table=nope')).statusCode).toBe(404);
  });

  it('lists software only: an airline, a gym or a merchant nothing identifies recurs too and is not shadow IT', async () => {
    const owner = await org();
    for (const merchant of ['NOTION LABS', 'BRITISH AIRWAYS', 'ANYTIME FITNESS', 'ACME HOLDINGS']) {
      for (const date of ['2026-07-03', '2026-08-03', '2026-09-03', '2026-10-03']) {
        await server.app.deps.db
          .execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name)
          values (${owner.orgId}, ${date}, 4900, 'USD', ${merchant}, ${merchant.toLowerCase()}, ${merchant})`);
      }
    }
    const csv = await owner.client.get('/api/reports/shadow-it?format=csv');
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data.map((r) => r.Merchant)).toEqual(['NOTION LABS', 'Total']);
    // The discoveries list proposes what may be software (the unidentified merchant), never the rest.
    const found = await owner.client.get('/api/expenses/discoveries');
    expect(found.statusCode).toBe(200);
    const merchants = (found.json() as Array<{ sampleMerchant: string }>).map((p) => p.sampleMerchant);
    expect(merchants.sort()).toEqual(['ACME HOLDINGS', 'NOTION LABS']);
  });
});

describe('tenancy', () => {
  it("never shows another organization's rows", async () => {
    const a = await org();
    const b = await org();
    await buildSubscription(server.app.deps.db, a.orgId, { name: 'Only A', nextRenewalDate: '2026-12-01' });
    const doc = (await b.client.get('/api/reports/renewals-calendar')).json();
    expect(JSON.stringify(doc)).not.toContain('Only A');
  });
});

describe('spend reports (from the analytics service)', () => {
  async function withSpend() {
    const owner = await org();
    const db = server.app.deps.db;
    const app = await buildSubscription(db, owner.orgId, { name: 'Slack', department: 'Engineering' });
    for (const [date, minor] of [
      ['2026-03-10', 10_000],
      ['2026-09-05', 20_000],
      ['2025-06-01', 5_000], // the period before
    ] as const) {
      await db.execute(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
        merchant_name, subscription_id, match_status)
        values (${owner.orgId}, ${date}, ${minor}, 'USD', 'Slack', 'slack', 'Slack', ${app!.id}, 'matched')`);
    }
    return owner;
  }

  it('executive summary: total spend equals the ledger sum, on screen and in the PDF', async () => {
    const owner = await withSpend();
    const doc = (await owner.client.get('/api/reports/executive-summary')).json();
    expect(doc.sections[0].items[0]).toMatchObject({ label: 'Total spend', value: 30_000 });
    expect(doc.sections[0].items[0].hint).toBe('+500 % on the period before');
    const top = doc.sections.find((s: { id: string }) => s.id === 'top-applications');
    expect(top.rows[0]).toMatchObject({ application: 'Slack', actual: 30_000 });
    const pdf = await owner.client.get('/api/reports/executive-summary?format=pdf');
    const pages = await readPdf(pdf.rawPayload);
    const text = pages.flat().join('\n');
    expect(text).toContain('Executive summary');
    expect(text).toContain('$300.00');
    expect(text).toContain(`Page 1 of ${pages.length}`);
  });

  it('executive summary: the CSV holds every table under its title; no workbook sheet repeats a column name', async () => {
    const owner = await withSpend();
    const doc = (await owner.client.get('/api/reports/executive-summary')).json();
    const titles = doc.sections
      .filter((s: { type: string }) => s.type === 'table')
      .map((s: { title: string }) => s.title);
    expect(titles.length).toBeGreaterThan(1);
    const csv = (await owner.client.get('/api/reports/executive-summary?format=csv')).body;
    const lines = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data.map((r) => r[0]);
    for (const title of titles) expect(lines).toContain(title);

    for (const key of ['executive-summary', 'budget-vs-actual']) {
      const file = await owner.client.get(`/api/reports/${key}?format=xlsx`);
      const workbook = await readWorkbook(file.rawPayload);
      for (const sheet of workbook.worksheets.filter((w) => w.name !== 'Summary')) {
        const names = ((sheet.getRow(1).values as unknown[]) ?? []).filter(
          (v) => v !== undefined && v !== null,
        );
        expect(new Set(names).size, `${key} / ${sheet.name}: ${names.join(', ')}`).toBe(names.length);
      }
    }
    expect(JSON.stringify(doc)).not.toMatch(BAD_PLURAL);
  });

  it('spend by department takes any period on Growth, snapped to whole months', async () => {
    const owner = await withSpend();
    const res = await owner.client.get('/api/reports/spend-by-department?from=2026-03-15&to=2026-03-20');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(doc.sections[0].items[0]).toMatchObject({ label: 'Actual spend', value: 10_000 });
    const table = doc.sections.find((s: { id: string }) => s.id === 'departments');
    expect(table.rows).toEqual([
      expect.objectContaining({ department: 'Engineering', actual: 10_000, share: 100 }),
    ]);
  });
});

describe('report branding', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const upload = (cookie: string, bytes: Buffer, type: string) => {
    const body = multipartFile('logo', bytes, type);
    return server.app.inject({
      method: 'PUT',
      url: '/api/reports/branding/logo',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };

  it('is Scale only: Growth gets 403 plan_required and Stackwise-branded reports', async () => {
    const growth = await org('pro');
    const put = await growth.client.put('/api/reports/branding', { displayName: 'Nope' });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('plan_required');
    expect((await upload(growth.cookie, PNG, 'image/png')).statusCode).toBe(403);
    const doc = (await growth.client.get('/api/reports/license-utilisation')).json();
    expect(doc.branding).toMatchObject({ name: 'Initech', stackwise: true, primaryColor: '#4F46E5' });
    const text = (
      await readPdf((await growth.client.get('/api/reports/license-utilisation?format=pdf')).rawPayload)
    )
      .flat()
      .join('\n');
    expect(text).toContain('Made with Stackwise');
  });

  it('on Scale without branding of its own carries no "Made with Stackwise" mark', async () => {
    const scale = await org('scale');
    const doc = (await scale.client.get('/api/reports/license-utilisation')).json();
    expect(doc.branding).toMatchObject({ name: 'Initech', stackwise: false, primaryColor: '#4F46E5' });
    const text = (
      await readPdf((await scale.client.get('/api/reports/license-utilisation?format=pdf')).rawPayload)
    )
      .flat()
      .join('\n');
    expect(text).not.toContain('Made with Stackwise');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("on Scale puts the organization's name, colour and logo on the report", async () => {
    const scale = await org('scale');
    const bad = await scale.client.put('/api/reports/branding', { primaryColor: 'red' });
    expect(bad.statusCode).toBe(400);
    const saved = await scale.client.put('/api/reports/branding', {
      displayName: 'Initech Finance',
      primaryColor: '#0F766E',
    });
    expect(saved.json()).toMatchObject({
      displayName: 'Initech Finance',
      primaryColor: '#0F766E',
      logoUrl: null,
    });
    expect(
      (await upload(scale.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'))
        .statusCode,
    ).toBe(415);
    const logo = await upload(scale.cookie, PNG, 'image/png');
    expect(logo.statusCode).toBe(200);
    expect(logo.json().logoUrl).toBe('/api/reports/branding/logo');
    const served = await scale.client.get('/api/reports/branding/logo');
    expect(served.headers['content-type']).toBe('image/png');

    const doc = (await scale.client.get('/api/reports/license-utilisation')).json();
    expect(doc.branding).toEqual({
      name: 'Initech Finance',
      primaryColor: '#0F766E',
      logoUrl: '/api/reports/branding/logo',
      stackwise: false,
    });
    const text = (
      await readPdf((await scale.client.get('/api/reports/license-utilisation?format=pdf')).rawPayload)
    )
      .flat()
      .join('\n');
    expect(text).toContain('Initech Finance');
    expect(text).not.toContain('Stackwise');

    expect((await scale.client.delete('/api/reports/branding/logo')).json().logoUrl).toBeNull();
    expect((await scale.client.get('/api/reports/branding/logo')).statusCode).toBe(404);
  });
});
