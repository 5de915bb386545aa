// Issue 17: the nightly peer-benchmark aggregation over 10,000 organizations × 50 applications
// (half of them with a license tier) must take under 60 s on PostgreSQL (TEST_DATABASE_URL; PGlite
// otherwise). The data is inserted set-based (insert … select generate_series), so building it is
// quick too. BENCH_BENCHMARK_ORGS / BENCH_BENCHMARK_APPS shrink it.
import { sql } from 'drizzle-orm';
import { CATALOG_BY_POPULARITY } from '../../common/catalog/catalog';
import { aggregatePeerBenchmarks } from '../../server/modules/benchmarks';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';

const ORGS = Number(process.env.BENCH_BENCHMARK_ORGS ?? 10_000);
const APPS = Number(process.env.BENCH_BENCHMARK_APPS ?? 50);
const BUDGET_MS = 60_000;

export async function benchmarksBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  const db = server.database.db;
  try {
    // Catalogue applications with a priced plan, and that plan's name as the tier of half the rows.
    const listed = CATALOG_BY_POPULARITY.filter((a) => (a.prices ?? []).some((p) => p.unit !== 'usage'))
      .slice(0, APPS)
      .map((a) => ({ slug: a.slug, tier: a.prices!.find((p) => p.unit !== 'usage')!.plan }));
    const started = Date.now();
    await db.execute(sql`
      insert into organizations (id, name, subscription_plan)
      select gen_random_uuid(), 'Bench org ' || g, 'scale' from generate_series(1, ${ORGS}) g`);
    await db.execute(sql`
      insert into subscriptions (organization_id, name, catalog_slug, status, pricing_model, billing_cycle,
        unit_price_minor, seats, amount_minor, currency)
      select o.id, l.slug, l.slug, 'active',
        case when (hashtext(o.id::text || l.slug) & 7) = 0 then 'flat' else 'per-seat' end,
        case when (hashtext(l.slug || o.id::text) & 3) = 0 then 'annual' else 'monthly' end,
        500 + (abs(hashtext(o.id::text || l.slug)) % 4500), 1 + (abs(hashtext(l.slug || o.id::text)) % 300),
        5000 + (abs(hashtext(o.id::text)) % 100000), 'USD'
      from organizations o
      cross join jsonb_to_recordset(${JSON.stringify(listed)}::jsonb) as l(slug text, tier text)`);
    await db.execute(sql`
      insert into license_pools (organization_id, subscription_id, tier_name, seats, unit_price_minor,
        billing_cycle, currency)
      select s.organization_id, s.id, l.tier, s.seats, s.unit_price_minor, s.billing_cycle, s.currency
      from subscriptions s
      join jsonb_to_recordset(${JSON.stringify(listed)}::jsonb) as l(slug text, tier text) on l.slug = s.catalog_slug
      where s.pricing_model = 'per-seat' and (abs(hashtext(s.id::text)) % 2) = 0`);
    const note = `${ORGS} orgs × ${listed.length} apps, built in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    let cells = 0;
    const result = await measure(
      'benchmarks: nightly peer aggregation',
      async () => {
        cells = (await aggregatePeerBenchmarks(db, new Date())).cells;
      },
      { iterations: 1, warmup: 0, budgetMs: BUDGET_MS, budgetOn: 'max', note },
    );
    result.note = `${note}; ${cells} cells`;
    console.log(
      `peer aggregation: ${(result.maxMs / 1000).toFixed(1)} s against a ${BUDGET_MS / 1000} s budget (${result.note})`,
    );
    return [result];
  } finally {
    await server.close();
  }
}
