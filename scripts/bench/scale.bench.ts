// Issue 15: cost against organization size, over real HTTP. The applications list, dashboard
// summary and expense totals at growing sizes (p50 and growth against the smallest) — the list and
// the dashboard both as computed (each request after a write, so the per-server caches miss) and
// as served again unchanged (a cache hit) — insights generation at each size, and
// throughput at 5,000 applications and 50 connections, cached and computed (a writer bumps the
// organization's version throughout), against a bare Fastify 5 server returning the same body, run
// interleaved, with the load generated in a worker thread (scripts/bench/load.ts) so the client's
// cost is not the servers' ceiling. On PostgreSQL when TEST_DATABASE_URL is set (the goals are
// stated there), else PGlite. BENCH_QUICK=1: smaller sizes and shorter load rounds.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildOrgOwner } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { measure, type BenchResult } from './harness';
import { againstCeiling } from './load';

const QUICK = process.env.BENCH_QUICK === '1';
const APP_SIZES = QUICK ? [1_000, 5_000] : [1_000, 5_000, 20_000];
const EXPENSE_SIZES = QUICK ? [100_000] : [100_000, 1_000_000];
const THROUGHPUT_AT = 5_000;
const LOAD = { rounds: QUICK ? 2 : 3, durationMs: QUICK ? 1_500 : 3_000, connections: 50 };
const GROWTH_BUDGET = 1.3;
const SHARE_BUDGET = 0.25;
/** Computed answers (right after a write): the list's goal (issue 34); the dashboard's is reported. */
const COMPUTED_SHARE_BUDGET: Record<'list' | 'dashboard', number | undefined> = {
  list: 0.1,
  dashboard: undefined,
};
const EXPENSE_BUDGET_MS = 100;

const ENDPOINTS = {
  list: '/api/subscriptions?pageSize=50',
  'list (cached)': '/api/subscriptions?pageSize=50',
  dashboard: '/api/dashboard/summary',
  'dashboard (cached)': '/api/dashboard/summary',
  expenseTotals: '/api/expenses/totals',
  expenseFirstPage: '/api/expenses?limit=50',
};
/** Measured right after a write to the organization's applications: the caches cannot answer. */
const AFTER_A_WRITE = new Set<string>(['list', 'dashboard']);

interface CurvePoint {
  endpoint: string;
  size: string;
  p50Ms: number;
}

export async function scaleBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  const db = server.database.db;
  const results: BenchResult[] = [];
  const curve: CurvePoint[] = [];
  try {
    const owner = await buildOrgOwner(server.app);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const headers = { cookie: owner.cookie };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.text();
    };
    // What any write to the organization's applications does to the caches' key (migration 0018).
    const write = () =>
      db.execute(
        sql`update subscription_versions set version = version + 1 where organization_id = ${owner.orgId}`,
      );
    // Writes back to back until `stop` says so; how many it made.
    const keepWriting = async (stop: () => boolean) => {
      let writes = 0;
      while (!stop()) {
        await write();
        writes += 1;
      }
      return writes;
    };
    const point = async (endpoint: keyof typeof ENDPOINTS, size: string, budgetMs?: number) => {
      const request = async () => {
        if (AFTER_A_WRITE.has(endpoint)) await write();
        return get(ENDPOINTS[endpoint]);
      };
      const result = await measure(`${endpoint} at ${size}`, request, {
        iterations: QUICK ? 30 : 60,
        warmup: 5,
        budgetMs,
        budgetOn: 'mean',
      });
      curve.push({ endpoint, size, p50Ms: result.p50Ms });
      results.push(result);
    };

    // The daily insights generation for the whole organization (detectors and upserts): linear in
    // its data by nature, printed so a regression shows; not gated.
    const { generateInsights } = await import('../../server/modules/insights/generate');
    const generation = async (size: string) => {
      const result = await measure(
        `insights generation at ${size}`,
        () => generateInsights(server.app.deps, owner.orgId, new Date()),
        { iterations: QUICK ? 2 : 3, warmup: 1 },
      );
      curve.push({ endpoint: 'insights generation', size, p50Ms: result.p50Ms });
      results.push(result);
    };

    let apps = 0;
    for (const size of APP_SIZES) {
      await growApplications(db, owner.orgId, apps, size);
      apps = size;
      const label = `${size.toLocaleString('en-US')} apps`;
      await point('list', label);
      await point('list (cached)', label);
      await point('dashboard', label);
      await point('dashboard (cached)', label);
      await generation(label);
      if (size !== THROUGHPUT_AT) continue;
      // Each endpoint served again unchanged (the per-server cache answers) and computed: a writer
      // bumps the organization's version back to back while the load runs, so the answers are
      // worked out afresh (a request may still share a version with one just before it).
      for (const endpoint of ['list', 'dashboard'] as const) {
        for (const computed of [false, true]) {
          const goal = computed ? COMPUTED_SHARE_BUDGET[endpoint] : SHARE_BUDGET;
          const run = await againstCeiling(`${base}${ENDPOINTS[endpoint]}`, headers, {
            ...LOAD,
            during: computed ? keepWriting : undefined,
          });
          results.push({
            name: `${endpoint} ${computed ? 'computed' : 'cached'} throughput at ${label} / bare Fastify`,
            iterations: LOAD.rounds,
            meanMs: run.app.p50Ms,
            p50Ms: run.app.p50Ms,
            p95Ms: run.app.p50Ms,
            maxMs: run.app.p50Ms,
            ...(goal === undefined ? {} : { withinBudget: run.share >= goal }),
            note: `${Math.round(run.app.requestsPerSecond)} vs ${Math.round(run.ceiling.requestsPerSecond)} req/s = ${(run.share * 100).toFixed(1)} % of ceiling${goal === undefined ? '' : ` (goal ≥ ${goal * 100} %)`} at ${LOAD.connections} connections, body ${(run.bodyBytes / 1024).toFixed(1)} KB${computed ? `, ${run.writes ?? 0} writes` : ''}, client ${Math.round(run.ceiling.loaderBusy * 100)} % busy at the ceiling`,
          });
        }
      }
    }

    let rows = 0;
    for (const size of EXPENSE_SIZES) {
      await growExpenses(db, owner.orgId, rows, size);
      rows = size;
      const label = `${size.toLocaleString('en-US')} expenses`;
      await point('expenseTotals', label, EXPENSE_BUDGET_MS);
      await point('expenseFirstPage', label, EXPENSE_BUDGET_MS);
    }
  } finally {
    await server.close();
  }
  results.push(...growth(curve));
  printCurve(curve);
  return results;
}

/** Applications numbered from `from` to `to`: currencies, statuses, cycles and renewals spread out. */
async function growApplications(db: Db, orgId: string, from: number, to: number) {
  await db.execute(sql`
    insert into subscriptions (organization_id, name, status, billing_cycle, amount_minor,
      monthly_cost_minor, annual_cost_minor, currency, next_renewal_date, department, notes)
    select ${orgId}::uuid, 'Tool ' || g,
      case when g % 11 = 0 then 'cancelled' when g % 7 = 0 then 'trial' else 'active' end,
      case when g % 3 = 0 then 'annual' else 'monthly' end,
      1000 + (g * 7919) % 90000,
      case when g % 3 = 0 then (1000 + (g * 7919) % 90000) / 12 else 1000 + (g * 7919) % 90000 end,
      case when g % 3 = 0 then 1000 + (g * 7919) % 90000 else 12 * (1000 + (g * 7919) % 90000) end,
      case when g % 5 = 0 then 'EUR' else 'USD' end,
      current_date + (g % 365), 'Team ' || (g % 9), 'Generated for the scale bench'
    from generate_series(${from + 1}::int, ${to}::int) g`);
  await db.execute(sql`analyze subscriptions`);
}

async function growExpenses(db: Db, orgId: string, from: number, to: number) {
  await db.execute(sql`
    insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
      merchant_name, match_status, source)
    select ${orgId}::uuid, date '2022-01-01' + (g % 1460), 100 + (g::bigint * 7919) % 250000,
      case when g % 6 = 0 then 'USD' else 'EUR' end, 'BULK MERCHANT ' || (g % 5000), 'BULK MERCHANT',
      'Bulk Merchant', case when g % 10 = 0 then 'unmatched' else 'matched' end, 'api'
    from generate_series(${from + 1}::int, ${to}::int) g`);
  await db.execute(sql`analyze expenses`);
}

type Db = Awaited<ReturnType<typeof getTestServer>>['database']['db'];

/** Each endpoint's p50 at its largest size over its smallest: flat cost means close to 1. */
function growth(curve: CurvePoint[]): BenchResult[] {
  const endpoints = [...new Set(curve.map((p) => p.endpoint))];
  return endpoints.flatMap((endpoint) => {
    const points = curve.filter((p) => p.endpoint === endpoint);
    if (points.length < 2) return [];
    const first = points[0];
    const last = points[points.length - 1];
    const ratio = last.p50Ms / first.p50Ms;
    const gated = endpoint === 'list' || endpoint === 'dashboard';
    return [
      {
        name: `${endpoint} p50 growth ${last.size} / ${first.size}`,
        iterations: points.length,
        meanMs: last.p50Ms,
        p50Ms: last.p50Ms,
        p95Ms: last.p50Ms,
        maxMs: last.p50Ms,
        ...(gated ? { withinBudget: ratio <= GROWTH_BUDGET } : {}),
        note: `${ratio.toFixed(2)}×${gated ? ` (goal ≤ ${GROWTH_BUDGET}×)` : ''}`,
      },
    ];
  });
}

function printCurve(curve: CurvePoint[]): void {
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `Scale curve: p50 ms by size, growth = largest / smallest (load ${load.join(' ')} on ${os.cpus().length} cpus)`,
  );
  for (const unit of ['apps', 'expenses']) {
    const points = curve.filter((p) => p.size.endsWith(unit));
    const endpoints = [...new Set(points.map((p) => p.endpoint))];
    if (endpoints.length === 0) continue;
    console.table(
      endpoints.map((endpoint) => {
        const mine = points.filter((p) => p.endpoint === endpoint);
        const row: Record<string, string> = { endpoint };
        for (const p of mine) row[p.size] = p.p50Ms.toFixed(2);
        row.growth = `${(mine[mine.length - 1].p50Ms / mine[0].p50Ms).toFixed(2)}×`;
        return row;
      }),
    );
  }
}
