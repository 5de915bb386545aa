import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { readTableText } from '../../lib/tabular/read-table';
import { api, buildOrgOwner, buildPool, buildSubscription, setPlan } from '../../test/factories';
import { allocate, buildBrand, buildEntity, defaultsOf } from '../../test/factories/allocation-fixtures';
import { useTestServer } from '../../test/test-server';

// The entity/brand filter on every list (issue 19): whole, split and unallocated applications
// (no shares = the default entity and brand), expenses through their own shares or their
// application's, license pools likewise, budgets scoped to an entity or brand by share.

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

type Client = ReturnType<typeof api>;

/**
 * A Scale group: entity North with brand Alpha; the default entity also sells brand Beta.
 * Whole (100 % North/Alpha), Split (60 % North/Alpha, 40 % default/Beta), Plain (no allocation),
 * OnlyBeta (100 % default/Beta).
 */
async function group() {
  const owner = await buildOrgOwner(server.app);
  const db = server.database.db;
  const orgId = owner.orgId;
  await setPlan(db, orgId, 'scale');
  const client = api(server.app, owner.cookie);
  const defaults = await defaultsOf(db, orgId);
  const north = await buildEntity(db, orgId, 'North');
  const alpha = await buildBrand(db, orgId, 'Alpha', north.id);
  const beta = await buildBrand(db, orgId, 'Beta', defaults.entityId);
  const app = (name: string, nextRenewalDate: string) =>
    buildSubscription(db, orgId, { name, amountMinor: 10_000, nextRenewalDate, startDate: '2025-01-01' });
  const whole = await app('Whole', '2026-03-25');
  const split = await app('Split', '2026-03-20');
  const plain = await app('Plain', '2026-03-22');
  const onlyBeta = await app('OnlyBeta', '2026-04-02');
  const northAlpha = { entityId: north.id, brandId: alpha.id };
  const defaultBeta = { entityId: defaults.entityId, brandId: beta.id };
  await allocate(db, orgId, 'subscription', whole.id, [{ ...northAlpha, basisPoints: 10_000 }]);
  await allocate(db, orgId, 'subscription', split.id, [
    { ...northAlpha, basisPoints: 6_000 },
    { ...defaultBeta, basisPoints: 4_000 },
  ]);
  await allocate(db, orgId, 'subscription', onlyBeta.id, [{ ...defaultBeta, basisPoints: 10_000 }]);
  return {
    orgId,
    db,
    client,
    defaults,
    north,
    alpha,
    beta,
    whole,
    split,
    plain,
    onlyBeta,
    northAlpha,
    defaultBeta,
  };
}
type Group = Awaited<ReturnType<typeof group>>;

const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();

async function appNames(client: Client, query: string) {
  const res = await client.get(`/api/subscriptions?${query}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.total).toBe(body.items.length);
  return names(body.items);
}

describe('applications list', () => {
  let g: Group;
  beforeAll(async () => {
    g = await group();
  });

  it('keeps whole and split applications in each brand and entity, unallocated ones in the defaults', async () => {
    expect(await appNames(g.client, '')).toEqual(['OnlyBeta', 'Plain', 'Split', 'Whole']);
    expect(await appNames(g.client, `brandId=${g.alpha.id}`)).toEqual(['Split', 'Whole']);
    expect(await appNames(g.client, `brandId=${g.beta.id}`)).toEqual(['OnlyBeta', 'Split']);
    expect(await appNames(g.client, `brandId=${g.defaults.brandId}`)).toEqual(['Plain']);
    expect(await appNames(g.client, `entityId=${g.north.id}`)).toEqual(['Split', 'Whole']);
    expect(await appNames(g.client, `entityId=${g.defaults.entityId}`)).toEqual([
      'OnlyBeta',
      'Plain',
      'Split',
    ]);
    // One share must hold both: Split's North share is Alpha, its Beta share the default entity's.
    expect(await appNames(g.client, `entityId=${g.north.id}&brandId=${g.beta.id}`)).toEqual([]);
  });

  it('sums the filtered set (not the rollup) and shows an allocation change at once', async () => {
    const before = (await g.client.get(`/api/subscriptions?brandId=${g.alpha.id}`)).json();
    // Whole counts in full, Split with its 60 %: never the whole of a split application.
    expect(before.totals).toMatchObject({ count: 2, monthlyMinor: 16_000 });
    await allocate(g.db, g.orgId, 'subscription', g.plain.id, [{ ...g.northAlpha, basisPoints: 10_000 }]);
    const after = (await g.client.get(`/api/subscriptions?brandId=${g.alpha.id}`)).json();
    expect(names(after.items)).toEqual(['Plain', 'Split', 'Whole']);
    expect(after.totals).toMatchObject({ count: 3, monthlyMinor: 26_000 });
  });

  it("brands' totals add up to the organization's: a split application is never counted twice", async () => {
    const h = await group();
    const monthly = async (query: string) =>
      (await h.client.get(`/api/subscriptions?${query}`)).json().totals.monthlyMinor as number;
    const all = await monthly('');
    const perBrand = [h.alpha.id, h.beta.id, h.defaults.brandId].map((id) => monthly(`brandId=${id}`));
    expect((await Promise.all(perBrand)).reduce((a, b) => a + b, 0)).toBe(all);
    expect(await monthly(`brandId=${h.beta.id}`)).toBe(14_000); // OnlyBeta + 40 % of Split

    // Half a cent each way: rounding each part on its own would count $100.01 as $100.02.
    const odd = await buildSubscription(h.db, h.orgId, { name: 'Odd', amountMinor: 10_001 });
    await allocate(h.db, h.orgId, 'subscription', odd.id, [
      { ...h.northAlpha, basisPoints: 5_000 },
      { ...h.defaultBeta, basisPoints: 5_000 },
    ]);
    const whole = await monthly('');
    const perEntity = await Promise.all(
      [h.north.id, h.defaults.entityId].map((id) => monthly(`entityId=${id}`)),
    );
    expect(perEntity.reduce((a, b) => a + b, 0)).toBe(whole);
    const brands = await Promise.all(
      [h.alpha.id, h.beta.id, h.defaults.brandId].map((id) => monthly(`brandId=${id}`)),
    );
    expect(brands.reduce((a, b) => a + b, 0)).toBe(whole);
    const dashboard = async (query: string) =>
      (await h.client.get(`/api/dashboard/summary?${query}`)).json().monthlySpendMinor as number;
    const onDashboard = await Promise.all(
      [h.north.id, h.defaults.entityId].map((id) => dashboard(`entityId=${id}`)),
    );
    expect(onDashboard.reduce((a, b) => a + b, 0)).toBe(await dashboard(''));
  });

  it("answers another organization's brand or entity with nothing of theirs", async () => {
    const other = await group();
    expect(await appNames(g.client, `brandId=${other.alpha.id}`)).toEqual([]);
    expect(await appNames(g.client, `brandId=${other.defaults.brandId}`)).toEqual([]);
    expect(await appNames(g.client, `entityId=${other.defaults.entityId}`)).toEqual([]);
  });

  it('refuses an id that is not a uuid', async () => {
    const res = await g.client.get('/api/subscriptions?brandId=alpha');
    expect(res.statusCode).toBe(400);
  });
});

describe('renewals, dashboard and licenses', () => {
  it('renewals list only the brand’s applications', async () => {
    const g = await group();
    const res = await g.client.get(`/api/renewals?window=365&brandId=${g.beta.id}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().items)).toEqual(['OnlyBeta', 'Split']);
    const plain = await g.client.get(`/api/renewals?window=365&brandId=${g.defaults.brandId}`);
    expect(names(plain.json().items)).toEqual(['Plain']);
  });

  it('the dashboard counts only the filtered applications', async () => {
    const g = await group();
    const all = (await g.client.get('/api/dashboard/summary')).json();
    // Monthly applications: recurring charges, not contract renewals.
    expect(all).toMatchObject({
      applications: 4,
      monthlySpendMinor: 40_000,
      upcomingRenewals: 0,
      recurringCharges: 4,
      recurringChargesNext30DaysMinor: 40_000,
    });
    const res = await g.client.get(`/api/dashboard/summary?entityId=${g.north.id}`);
    expect(res.statusCode).toBe(200);
    const north = res.json();
    expect(north).toMatchObject({
      applications: 2,
      monthlySpendMinor: 16_000, // Whole, and Split's 60 % in North
      upcomingRenewals: 0,
      recurringCharges: 2,
      recurringChargesNext30DaysMinor: 16_000, // never Split in full in both entities
    });
    const rest = (await g.client.get(`/api/dashboard/summary?entityId=${g.defaults.entityId}`)).json();
    expect(rest.recurringChargesNext30DaysMinor + north.recurringChargesNext30DaysMinor).toBe(40_000);
    // The unfiltered summary is unchanged (and still served from the cache).
    expect((await g.client.get('/api/dashboard/summary')).json()).toEqual(all);
    // Annual renewals are the contract renewals the card lists.
    await g.db.execute(
      sql`update subscriptions set billing_cycle = 'annual' where id in (${g.split.id}, ${g.whole.id})`,
    );
    const annual = (await g.client.get(`/api/dashboard/summary?entityId=${g.north.id}`)).json();
    expect(annual).toMatchObject({
      upcomingRenewals: 2,
      renewalsNext30DaysMinor: 16_000,
      recurringCharges: 0,
    });
    expect(names(annual.nextRenewals)).toEqual(['Split', 'Whole']);
  });

  it("license pools follow their own allocation, else their application's", async () => {
    const g = await group();
    const splitPool = await buildPool(g.db, g.orgId, g.split.id, { tierName: 'Split seats' });
    const plainPool = await buildPool(g.db, g.orgId, g.plain.id, { tierName: 'Plain seats' });
    await allocate(g.db, g.orgId, 'license_pool', plainPool.id, [{ ...g.defaultBeta, basisPoints: 10_000 }]);
    const pools = async (query: string) => {
      const res = await g.client.get(`/api/licenses?${query}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .applications.flatMap((a: { pools: Array<{ id: string }> }) => a.pools.map((p) => p.id))
        .sort();
    };
    expect(await pools(`brandId=${g.beta.id}`)).toEqual([splitPool.id, plainPool.id].sort());
    expect(await pools(`brandId=${g.alpha.id}`)).toEqual([splitPool.id]);
    expect(await pools(`brandId=${g.defaults.brandId}`)).toEqual([]);
  });
});

describe('expenses ledger', () => {
  it('an expense follows its own allocation when it has one, else its application’s, else the defaults', async () => {
    const g = await group();
    const post = async (merchant: string, subscriptionId?: string) => {
      const res = await g.client.post('/api/expenses', {
        date: '2026-03-05',
        amountMinor: 1_000,
        merchant,
        subscriptionId,
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    await post('VIA SPLIT', g.split.id);
    const own = await post('OWN ALPHA', g.plain.id);
    await post('PLAIN APP', g.plain.id);
    await post('UNMATCHED');
    await allocate(g.db, g.orgId, 'expense', own, [{ ...g.northAlpha, basisPoints: 10_000 }]);
    const ledger = async (query: string) => {
      const res = await g.client.get(`/api/expenses?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const merchants = body.items.map((e: { merchant: string }) => e.merchant).sort();
      expect(body.total).toBe(merchants.length);
      const totals = await g.client.get(`/api/expenses/totals?${query}`);
      expect(totals.json().total).toBe(merchants.length);
      return merchants;
    };
    expect(await ledger(`brandId=${g.alpha.id}`)).toEqual(['OWN ALPHA', 'VIA SPLIT']);
    expect(await ledger(`brandId=${g.beta.id}`)).toEqual(['VIA SPLIT']);
    expect(await ledger(`brandId=${g.defaults.brandId}`)).toEqual(['PLAIN APP', 'UNMATCHED']);
    expect(await ledger('')).toHaveLength(4);
    // Ledger totals count each charge with its share in the brand: 40 % of the split one.
    const amount = async (query: string) =>
      (await g.client.get(`/api/expenses/totals?${query}`)).json().totals[0]?.amountMinor ?? 0;
    expect(await amount(`brandId=${g.beta.id}`)).toBe(400);
    expect(await amount(`brandId=${g.alpha.id}`)).toBe(1_600);
  });
});

describe('entity and brand budgets', () => {
  async function budget(client: Client, scope: string, scopeId: string | null) {
    const res = await client.post('/api/budgets', {
      name: `${scope} ${scopeId ?? ''}`,
      period: 'monthly',
      amountMinor: 100_000,
      scope,
      scopeId,
    });
    return res;
  }

  it('count each expense and renewal by its share (60 / 40), never twice', async () => {
    const g = await group();
    const charge = (amountMinor: number, subscriptionId: string) =>
      g.client.post('/api/expenses', { date: '2026-03-05', amountMinor, merchant: 'CHARGE', subscriptionId });
    await charge(10_001, g.split.id);
    await charge(5_000, g.whole.id);
    const alpha = (await budget(g.client, 'brand', g.alpha.id)).json();
    const beta = (await budget(g.client, 'brand', g.beta.id)).json();
    const north = (await budget(g.client, 'entity', g.north.id)).json();
    // 60 % of 10,001 is 6,000.6 and 40 % is 4,000.4: each brand rounds once, together they make the whole.
    expect(alpha.status.actualMinor).toBe(6_001 + 5_000);
    expect(beta.status.actualMinor).toBe(4_000);
    expect(north.status.actualMinor).toBe(alpha.status.actualMinor);
    expect(alpha.scopeLabel).toBe('Alpha');
    expect(north.scopeLabel).toBe('North');
    // Committed: Whole wholly and 60 % of Split for Alpha; 40 % of Split and OnlyBeta for Beta.
    const committed = async (id: string) =>
      (await budget(g.client, 'application', id)).json().status.committedMinor as number;
    const [whole, split, onlyBeta] = [
      await committed(g.whole.id),
      await committed(g.split.id),
      await committed(g.onlyBeta.id),
    ];
    expect(split).toBeGreaterThan(0);
    expect(alpha.status.committedMinor).toBe(whole + split * 0.6);
    expect(beta.status.committedMinor).toBe(onlyBeta + split * 0.4);
  });

  it('refuses a missing, unknown or foreign entity or brand with 400 and stores nothing', async () => {
    const g = await group();
    const other = await group();
    for (const [scope, scopeId] of [
      ['brand', null],
      ['entity', null],
      ['brand', other.alpha.id],
      ['entity', other.north.id],
      ['brand', g.north.id],
    ] as const) {
      const res = await budget(g.client, scope, scopeId);
      expect(res.statusCode, `${scope} ${scopeId}`).toBe(400);
    }
    expect((await g.client.get('/api/budgets')).json()).toEqual([]);
  });

  it('the budgets list keeps those scoped to or allocated to the entity or brand', async () => {
    const g = await group();
    const alpha = (await budget(g.client, 'brand', g.alpha.id)).json();
    const whole = (await budget(g.client, 'organization', null)).json();
    const allocated = (await budget(g.client, 'organization', null)).json();
    await allocate(g.db, g.orgId, 'budget', allocated.id, [{ ...g.northAlpha, basisPoints: 10_000 }]);
    const listed = async (query: string) =>
      (await g.client.get(`/api/budgets?${query}`))
        .json()
        .map((b: { id: string }) => b.id)
        .sort();
    expect(await listed(`brandId=${g.alpha.id}`)).toEqual([alpha.id, allocated.id].sort());
    expect(await listed(`brandId=${g.defaults.brandId}`)).toEqual([whole.id]);
    expect(await listed('')).toHaveLength(3);
  });
});

describe('applications export', () => {
  it('carries Entity and Brand columns, splits with their percentages, and takes the filter', async () => {
    const g = await group();
    const res = await g.client.get(`/api/subscriptions/export?format=csv&brandId=${g.beta.id}`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = readTableText(res.body).records;
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const byName = new Map(rows.map((r) => [cell(r, 'Name'), r]));
    expect([...byName.keys()].sort()).toEqual(['OnlyBeta', 'Split']);
    expect(cell(byName.get('Split')!, 'Brand')).toBe('Alpha 60 %; Beta 40 %');
    expect(cell(byName.get('Split')!, 'Entity')).toBe(`North 60 %; ${g.defaults.entityName} 40 %`);
    expect(cell(byName.get('OnlyBeta')!, 'Brand')).toBe('Beta');
    const all = readTableText((await g.client.get('/api/subscriptions/export?format=csv')).body).records;
    const plain = all.find((r) => r[0] === 'Plain')!;
    expect([plain[all[0]!.indexOf('Entity')], plain[all[0]!.indexOf('Brand')]]).toEqual([
      g.defaults.entityName,
      g.defaults.brandName,
    ]);
  });
});

describe('applications import', () => {
  it('maps Entity and Brand columns by name (any case) to whole allocations; unknown names warn and go to the default', async () => {
    const g = await group();
    const csv = [
      'Name,Cost,Renewal date,Entity,Brand',
      'Figma,100,2026-06-01,,alpha',
      'Zoom,50,2026-06-01,north,BETA',
      'Loom,20,2026-06-01,Nowhere,',
      'Miro,30,2026-06-01,,',
    ].join('\n');
    const preview = (await g.client.post('/api/subscriptions/import/preview', { csv })).json();
    expect(preview.mapping).toMatchObject({ entity: 3, brand: 4 });
    const res = await g.client.post('/api/subscriptions/import/commit', { importId: preview.importId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 4,
      warnings: [{ line: 4, field: 'entity', message: 'Unknown entity "Nowhere": imported to the default' }],
    });
    // A brand alone goes with its owning entity (Alpha is North's).
    expect(await appNames(g.client, `brandId=${g.alpha.id}&entityId=${g.north.id}`)).toEqual([
      'Figma',
      'Split',
      'Whole',
    ]);
    expect(await appNames(g.client, `entityId=${g.north.id}&brandId=${g.beta.id}`)).toEqual(['Zoom']);
    expect(await appNames(g.client, `brandId=${g.defaults.brandId}`)).toEqual(['Loom', 'Miro', 'Plain']);
  });
});
