// Brand profitability at scale (issue 19): one organization with 5 brands, 2,000 applications (some
// split 60/40, 1,000 expenses allocated on their own), 1,000,000 expenses over 24 months in 3
// currencies with daily rates. Claim: GET /api/brand-profitability over the 24 months answers in
// under 500 ms (median) through the API. Meant for PostgreSQL (TEST_DATABASE_URL).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addMonths, todayInTimeZone } from '../../common/dates';
import { api, buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';

const EXPENSES = Number(process.env.BENCH_BRAND_EXPENSES ?? 1_000_000);
const APPLICATIONS = 2_000;
const OWN_ALLOCATIONS = 1_000;

export async function brandProfitabilityBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  const db = server.database.db;
  try {
    const owner = await buildOrgOwner(server.app);
    const org = owner.orgId;
    await setPlan(db, org, 'scale');
    const to = todayInTimeZone(new Date()).slice(0, 7);
    const from = addMonths(`${to}-01`, -23).slice(0, 7);
    const started = performance.now();
    await db.execute(sql`insert into brands (organization_id, name, entity_id, color)
      select ${org}::uuid, 'Brand ' || g, e.id, '#336699' from generate_series(1, 4) g
      join entities e on e.organization_id = ${org}::uuid and e.is_default`);
    await db.execute(sql`insert into subscriptions (organization_id, name, billing_cycle, pricing_model, amount_minor,
        currency, start_date, next_renewal_date)
      select ${org}::uuid, 'App ' || g, 'monthly', 'flat', 10000, 'USD', ${`${from}-01`}::date, ${`${to}-01`}::date + 40
      from generate_series(1, ${APPLICATIONS}) g`);
    // Brands 0..4 by application number; every 10th application split 60/40 with the next brand.
    await db.execute(sql`
      with b as (select id, row_number() over (order by is_default desc, name) - 1 as n from brands where organization_id = ${org}::uuid),
      e as (select id from entities where organization_id = ${org}::uuid and is_default),
      s as (select id, row_number() over (order by name) as n from subscriptions where organization_id = ${org}::uuid),
      alloc as (insert into allocations (organization_id, target_kind, target_id)
        select ${org}::uuid, 'subscription', s.id from s returning target_id)
      insert into allocation_shares (organization_id, target_kind, target_id, entity_id, brand_id, basis_points)
      select ${org}::uuid, 'subscription', s.id, e.id, b.id, case when s.n % 10 = 0 then 6000 else 10000 end
      from s cross join e join b on b.n = s.n % 5
      union all
      select ${org}::uuid, 'subscription', s.id, e.id, b.id, 4000
      from s cross join e join b on b.n = (s.n + 1) % 5 where s.n % 10 = 0`);
    // Daily rates into USD, before the expenses: each charge converts at its own date.
    await db.execute(sql`insert into fx_rates (organization_id, date, base, quote, rate, source)
      select ${org}::uuid, d::date, c.base, 'USD', c.rate + 0.01 * sin(extract(doy from d)), 'csv'
      from generate_series(${`${from}-01`}::date, ${`${to}-01`}::date + 31, interval '1 day') d
      cross join (values ('EUR', 1.08), ('GBP', 1.27)) c(base, rate)`);
    await db.execute(sql`
      insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name,
        match_status, source, subscription_id, has_own_allocation)
      select ${org}::uuid, ${`${from}-01`}::date + (g % 730), 100 + (g::bigint * 7919) % 250000,
        (array['USD', 'EUR', 'GBP'])[1 + g % 3], 'BULK ' || (g % 5000), 'BULK', 'Bulk',
        case when g % 20 = 0 then 'unmatched' else 'matched' end, 'api',
        case when g % 20 = 0 then null else s.id end, g <= ${OWN_ALLOCATIONS}
      from generate_series(1, ${EXPENSES}) g
      left join (select id, row_number() over (order by name) - 1 as n from subscriptions where organization_id = ${org}::uuid) s
        on s.n = g % ${APPLICATIONS}`);
    // The expenses allocated on their own: wholly the brand after their application's.
    await db.execute(sql`
      with b as (select id, row_number() over (order by is_default desc, name) - 1 as n from brands where organization_id = ${org}::uuid),
      e as (select id from entities where organization_id = ${org}::uuid and is_default),
      x as (select id, row_number() over (order by id) as n from expenses where organization_id = ${org}::uuid and has_own_allocation),
      alloc as (insert into allocations (organization_id, target_kind, target_id)
        select ${org}::uuid, 'expense', x.id from x returning target_id)
      insert into allocation_shares (organization_id, target_kind, target_id, entity_id, brand_id, basis_points)
      select ${org}::uuid, 'expense', x.id, e.id, b.id, 10000 from x cross join e join b on b.n = x.n % 5`);
    await db.execute(sql`analyze`);
    const seeded = performance.now() - started;
    console.log(`  seeded ${EXPENSES.toLocaleString('en-US')} expenses in ${(seeded / 1000).toFixed(1)} s`);

    const client = api(server.app, owner.cookie);
    const url = `/api/brand-profitability?from=${from}&to=${to}`;
    const first = await client.get(url);
    if (first.statusCode !== 200) throw new Error(`brand profitability: ${first.statusCode} ${first.body}`);
    const brands = first.json().brands as Array<{ months: unknown[] }>;
    if (brands.length !== 5 || brands[0]!.months.length !== 24)
      throw new Error('expected 5 brands × 24 months');
    return [
      await measure(
        `GET /api/brand-profitability 5 brands × 24 months (${(EXPENSES / 1e6).toFixed(1)}M expenses)`,
        () => client.get(url),
        {
          iterations: 9,
          warmup: 2,
          budgetMs: 500,
          budgetOn: 'p50',
          note: 'issue 19: under 500 ms on PostgreSQL (median)',
        },
      ),
    ];
  } finally {
    await server.close();
  }
}
