import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { useTestServer } from '../../test/test-server';

// Brand revenue and profitability through the API: spend per brand follows the allocations (an
// expense's own over its application's, none = the default brand), is converted at each charge's
// date, and its cents add up to the month's total; a missing rate is listed, never guessed.

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>) => (await server.database.db.execute(q)).rows as Row[];

async function scaleOrg() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(server.app.deps.db, owner.orgId, 'scale');
  const [defaults] = await query(sql`select b.id as brand, e.id as entity from brands b
    join entities e on e.organization_id = b.organization_id and e.is_default
    where b.organization_id = ${owner.orgId} and b.is_default`);
  return {
    ...owner,
    client: api(server.app, owner.cookie),
    defaultBrand: defaults!.brand as string,
    defaultEntity: defaults!.entity as string,
  };
}
type Org = Awaited<ReturnType<typeof scaleOrg>>;

async function addBrand(org: Org, name: string) {
  const [row] = await query(sql`insert into brands (organization_id, name, entity_id, color)
    values (${org.orgId}, ${name}, ${org.defaultEntity}, '#112233') returning id`);
  return row!.id as string;
}
async function allocate(org: Org, kind: string, targetId: string, shares: Array<[string, number]>) {
  await query(
    sql`insert into allocations (organization_id, target_kind, target_id) values (${org.orgId}, ${kind}, ${targetId})`,
  );
  for (const [brandId, bp] of shares)
    await query(sql`insert into allocation_shares (organization_id, target_kind, target_id, entity_id, brand_id, basis_points)
      values (${org.orgId}, ${kind}, ${targetId}, ${org.defaultEntity}, ${brandId}, ${bp})`);
}
async function addExpense(
  org: Org,
  date: string,
  amountMinor: number,
  currency: string,
  subscriptionId: string | null,
  ownAllocation = false,
) {
  const [row] =
    await query(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
      merchant_name, subscription_id, has_own_allocation)
    values (${org.orgId}, ${date}, ${amountMinor}, ${currency}, 'X', 'X', 'X', ${subscriptionId}, ${ownAllocation}) returning id`);
  return row!.id as string;
}
const addRate = (org: Org, date: string, base: string, quote: string, rate: string) =>
  query(
    sql`insert into fx_rates (organization_id, date, base, quote, rate) values (${org.orgId}, ${date}, ${base}, ${quote}, ${rate})`,
  );

const monthOf = <M extends { month: string }>(body: { months: M[] }, month: string) =>
  body.months.find((m) => m.month === month);

describe('GET /api/brand-profitability', () => {
  let org: Org;
  let brandA: string;
  let brandB: string;
  let split: string;
  let ownA: string;

  beforeAll(async () => {
    org = await scaleOrg();
    const db = server.app.deps.db;
    brandA = await addBrand(org, 'Alpha');
    brandB = await addBrand(org, 'Beta');
    split = (await buildSubscription(db, org.orgId, { name: 'Slack' })).id;
    ownA = (await buildSubscription(db, org.orgId, { name: 'Figma' })).id;
    await allocate(org, 'subscription', split, [
      [brandA, 6000],
      [brandB, 4000],
    ]);
    await allocate(org, 'subscription', ownA, [[brandA, 10000]]);
    // 3 × 100.01 split 60/40: 180.018 and 120.012, odd fractions of a cent on each side.
    for (const day of ['2026-02-02', '2026-02-09', '2026-02-16'])
      await addExpense(org, day, 10001, 'USD', split);
    // An expense allocated on its own wholly to Beta, though its application is Alpha's.
    const own = await addExpense(org, '2026-02-10', 5000, 'USD', ownA, true);
    await allocate(org, 'expense', own, [[brandB, 10000]]);
    await addExpense(org, '2026-02-11', 700, 'USD', null); // unmatched: the default brand
    // EUR at the charge's date (1.10), not the month's later rate (1.50).
    await addRate(org, '2026-02-02', 'EUR', 'USD', '1.10');
    await addRate(org, '2026-02-20', 'EUR', 'USD', '1.50');
    await addExpense(org, '2026-02-03', 1000, 'EUR', ownA);
    await addExpense(org, '2026-02-12', 2000, 'GBP', ownA); // no GBP rate: listed, not counted
    await addExpense(org, '2026-01-15', 999, 'USD', ownA);

    const person = await buildPerson(db, org.orgId, { brandId: brandA });
    await buildPerson(db, org.orgId, { brandId: brandA, status: 'offboarded' });
    await buildPerson(db, org.orgId, { department: 'Sales' });
    const pool = await buildPool(db, org.orgId, ownA);
    await buildAssignment(db, org.orgId, pool!.id, person!.id, {
      lastActiveAt: new Date('2026-03-01T00:00:00Z'),
    });
    await org.client.put(`/api/brands/${brandA}/revenue`, {
      items: [{ month: '2026-02', amountMinor: 1_000_000 }],
    });
    await org.client.put(`/api/brands/${brandB}/revenue`, {
      items: [{ month: '2026-02', amountMinor: 50_000, currency: 'GBP' }],
    });
  });

  it('splits each month by allocation, converted at the charge date, cents adding up to the month', async () => {
    const res = await org.client.get('/api/brand-profitability?from=2026-01&to=2026-02');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ currency: 'USD', from: '2026-01', to: '2026-02' });
    const byId = new Map(body.brands.map((b: { brandId: string }) => [b.brandId, b]));
    const [a, b, d] = [byId.get(brandA), byId.get(brandB), byId.get(org.defaultBrand)] as Array<{
      months: Array<{ month: string; spendMinor: number }>;
    }>;
    // Feb exact: Alpha 180.018 + 11.00 = 191.018, Beta 120.012 + 50.00 = 170.012, default 7.00;
    // the month's 368.03 split by those weights: the largest remainder (Alpha's .8) takes the cent.
    expect(monthOf(a!, '2026-02')!.spendMinor).toBe(19102);
    expect(monthOf(b!, '2026-02')!.spendMinor).toBe(17001);
    expect(monthOf(d!, '2026-02')!.spendMinor).toBe(700);
    const february = body.brands.map(
      (x: { months: Array<{ month: string; spendMinor: number }> }) => monthOf(x, '2026-02')!.spendMinor,
    );
    expect(february.reduce((sum: number, v: number) => sum + v, 0)).toBe(30003 + 5000 + 700 + 1100);
    expect(monthOf(a!, '2026-01')!.spendMinor).toBe(999);
    expect(body.unconverted).toEqual([
      { currency: 'GBP', amountMinor: 2000, count: 1, where: [{ brandId: brandA, months: ['2026-02'] }] },
    ]);
  });

  it('shows revenue, cost %, people and cost per employee; a revenue month with no rate is listed', async () => {
    const body = (await org.client.get('/api/brand-profitability?from=2026-01&to=2026-02')).json();
    const alpha = body.brands.find((x: { brandId: string }) => x.brandId === brandA);
    expect(alpha).toMatchObject({
      name: 'Alpha',
      revenueMinor: 1_000_000,
      spendMinor: 19102 + 999,
      costPercent: 2.01,
      people: 1,
      costPerEmployeeMinor: 20101,
      spendOutgrowingRevenue: false,
    });
    expect(monthOf(alpha, '2026-02')).toMatchObject({ revenueMinor: 1_000_000, costPercent: 1.91 });
    expect(monthOf(alpha, '2026-01')).toMatchObject({ revenueMinor: null, costPercent: null });
    const beta = body.brands.find((x: { brandId: string }) => x.brandId === brandB);
    expect(monthOf(beta, '2026-02')).toMatchObject({ revenueMinor: null });
    expect(body.unconvertedRevenue).toEqual([
      { brandId: brandB, month: '2026-02', currency: 'GBP', amountMinor: 50_000 },
    ]);
    // The warnings say which rate is missing, for whose amounts and which month.
    expect(body.rateWarnings).toEqual([
      'No GBP→USD rate for Alpha in Feb 2026: its charges in GBP are left out of its spend.',
      'No GBP→USD rate for Beta’s revenue in Feb 2026: that revenue is left out.',
    ]);
    const defaults = body.brands.find((x: { brandId: string }) => x.brandId === org.defaultBrand);
    expect(defaults.people).toBe(1);
  });

  it('ranks applications by spend with their active users', async () => {
    const body = (await org.client.get('/api/brand-profitability?from=2026-01&to=2026-02')).json();
    const alpha = body.brands.find((x: { brandId: string }) => x.brandId === brandA);
    expect(alpha.topApplications).toEqual([
      {
        subscriptionId: split,
        name: 'Slack',
        spendMinor: 18002,
        activeUsers: 0,
        costPerActiveUserMinor: null,
      },
      { subscriptionId: ownA, name: 'Figma', spendMinor: 2099, activeUsers: 1, costPerActiveUserMinor: 2099 },
    ]);
  });

  it('defaults to "last 12 months" (the whole months before this one) and narrows to one entity', async () => {
    const body = (await org.client.get('/api/brand-profitability')).json();
    expect(body).toMatchObject({ from: '2025-03', to: '2026-02' });
    expect(body.brands[0].months).toHaveLength(12);
    const [other] = await query(sql`insert into entities (organization_id, name, functional_currency)
      values (${org.orgId}, 'Other GmbH', 'EUR') returning id`);
    const narrowed = (await org.client.get(`/api/brand-profitability?entityId=${String(other!.id)}`)).json();
    expect(narrowed.brands).toEqual([]);
  });

  it('rejects a bad period with 400', async () => {
    expect((await org.client.get('/api/brand-profitability?from=2026-05&to=2026-01')).statusCode).toBe(400);
    expect((await org.client.get('/api/brand-profitability?from=2026-13')).statusCode).toBe(400);
  });

  it("GET /api/brands/{id}/summary: the brand's applications with its share, people and figures", async () => {
    const res = await org.client.get(`/api/brands/${brandB}/summary`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.brand).toMatchObject({ id: brandB, name: 'Beta', color: '#112233', isDefault: false });
    expect(body.applications).toEqual([
      { subscriptionId: split, name: 'Slack', percent: 40, spendMinor: 12001 },
      // Figma is Alpha's; Beta holds one of its expenses on its own.
      { subscriptionId: ownA, name: 'Figma', percent: 0, spendMinor: 5000 },
    ]);
    expect(body.budgets).toEqual([]);
    expect(body.profitability).toMatchObject({ brandId: brandB, spendMinor: 17001 });
    expect(body.profitability.months).toHaveLength(12);
    const alpha = (await org.client.get(`/api/brands/${brandA}/summary`)).json();
    expect(alpha.people).toEqual([expect.objectContaining({ department: 'Engineering' })]);
  });

  it('counts people per brand the same on the Brands page and in brand profitability', async () => {
    // A person counts when active, in their own brand, else their department's, else the default.
    const db = server.app.deps.db;
    await query(sql`insert into department_allocations (organization_id, department, entity_id, brand_id)
      values (${org.orgId}, 'Design', ${org.defaultEntity}, ${brandB})`);
    await buildPerson(db, org.orgId, { department: 'Design' });
    await buildPerson(db, org.orgId, { department: 'Design', status: 'offboarded' });
    const brands = (await org.client.get('/api/brands')).json().items as Array<{
      id: string;
      peopleCount: number;
    }>;
    const profitability = (await org.client.get('/api/brand-profitability')).json().brands as Array<{
      brandId: string;
      people: number;
    }>;
    const onBrandsPage = Object.fromEntries(brands.map((b) => [b.id, b.peopleCount]));
    const inProfitability = Object.fromEntries(profitability.map((b) => [b.brandId, b.people]));
    expect(onBrandsPage).toEqual(inProfitability);
    expect(onBrandsPage).toEqual({ [brandA]: 1, [brandB]: 1, [org.defaultBrand]: 1 });
    const beta = (await org.client.get(`/api/brands/${brandB}/summary`)).json();
    expect(beta.people).toHaveLength(onBrandsPage[brandB]!);
  });
});

describe('brand revenue', () => {
  let org: Org;
  let brand: string;
  beforeAll(async () => {
    org = await scaleOrg();
    brand = await addBrand(org, 'Gamma');
  });

  it('PUT upserts the months given, 0 allowed; a month left out stays', async () => {
    const first = await org.client.put(`/api/brands/${brand}/revenue`, {
      items: [
        { month: '2026-01', amountMinor: 100 },
        { month: '2026-02', amountMinor: 200, currency: 'EUR' },
      ],
    });
    expect(first.statusCode).toBe(200);
    const second = await org.client.put(`/api/brands/${brand}/revenue`, {
      items: [{ month: '2026-02', amountMinor: 0 }],
    });
    expect(second.json()).toEqual({
      brandId: brand,
      items: [
        { month: '2026-01', amountMinor: 100, currency: 'USD' },
        { month: '2026-02', amountMinor: 0, currency: 'USD' },
      ],
    });
    expect((await org.client.get(`/api/brands/${brand}/revenue`)).json()).toEqual(second.json());
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await org.client.get(`/api/brands/${brand}/revenue`)).json();
    for (const items of [
      [{ month: '2026-1', amountMinor: 1 }],
      [{ month: '2026-03', amountMinor: -1 }],
      [{ month: '2026-03', amountMinor: 1.5 }],
      [{ month: '2026-03', amountMinor: 1, currency: 'XYZ' }],
      [
        { month: '2026-03', amountMinor: 1 },
        { month: '2026-03', amountMinor: 2 },
      ],
    ]) {
      const res = await org.client.put(`/api/brands/${brand}/revenue`, { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
    }
    expect((await org.client.get(`/api/brands/${brand}/revenue`)).json()).toEqual(before);
  });

  it('imports a CSV of month, brand name, amount and currency', async () => {
    const csv = 'Month,Brand,Amount,Currency\n2026-01,gamma,"1,234.50",EUR\n2026-03,Gamma,99,\n';
    const res = await org.client.post('/api/brands/revenue/import', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, brands: 1, from: '2026-01', to: '2026-03' });
    expect((await org.client.get(`/api/brands/${brand}/revenue`)).json().items).toEqual([
      { month: '2026-01', amountMinor: 123450, currency: 'EUR' },
      { month: '2026-02', amountMinor: 0, currency: 'USD' },
      { month: '2026-03', amountMinor: 9900, currency: 'USD' },
    ]);
  });

  it('imports nothing when a row is bad, and says which lines', async () => {
    const before = (await org.client.get(`/api/brands/${brand}/revenue`)).json();
    const csv =
      'month,brand,amount\n2026-04,Gamma,10\n2026-05,Nobody,10\n2026-13,Gamma,ten\n2026-04,Gamma,5\n';
    const res = await org.client.post('/api/brands/revenue/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      errors: [
        { line: 3, field: 'brand', message: 'No brand named "Nobody"' },
        { line: 4, field: 'month', message: 'Use a month like 2026-01' },
        { line: 4, field: 'amount', message: 'Not a number' },
        { line: 5, field: null, message: 'This brand and month appear twice in the file' },
      ],
    });
    expect((await org.client.get(`/api/brands/${brand}/revenue`)).json()).toEqual(before);
    const noColumn = await org.client.post('/api/brands/revenue/import', {
      csv: 'month,amount\n2026-01,1\n',
    });
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toContain('brand');
  });
});

describe('plans and tenancy', () => {
  it('needs Scale: 403 plan_required on Growth', async () => {
    const org = await scaleOrg();
    await setPlan(server.app.deps.db, org.orgId, 'pro');
    for (const res of [
      await org.client.get('/api/brand-profitability'),
      await org.client.get(`/api/brands/${org.defaultBrand}/summary`),
      await org.client.get(`/api/brands/${org.defaultBrand}/revenue`),
      await org.client.put(`/api/brands/${org.defaultBrand}/revenue`, { items: [] }),
      await org.client.post('/api/brands/revenue/import', { csv: 'month,brand,amount\n' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('plan_required');
    }
  });

  it("answers 404 for another organization's brand, and its import does not see it", async () => {
    const mine = await scaleOrg();
    const theirs = await scaleOrg();
    const their = await addBrand(theirs, 'Theirs');
    for (const res of [
      await mine.client.get(`/api/brands/${their}/summary`),
      await mine.client.get(`/api/brands/${their}/revenue`),
      await mine.client.put(`/api/brands/${their}/revenue`, {
        items: [{ month: '2026-01', amountMinor: 1 }],
      }),
    ])
      expect(res.statusCode).toBe(404);
    const imported = await mine.client.post('/api/brands/revenue/import', {
      csv: 'month,brand,amount\n2026-01,Theirs,1\n',
    });
    expect(imported.statusCode).toBe(400);
    expect((await theirs.client.get(`/api/brands/${their}/revenue`)).json().items).toEqual([]);
  });
});
