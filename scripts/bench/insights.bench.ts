// Issue 16: insights generation for a large organization — 1,000 applications, 10,000 people and
// 1,000,000 expenses — on the embedded database (PGlite; PostgreSQL when TEST_DATABASE_URL is set),
// under 10 s. The organization is built like a real one: catalogue and in-house applications,
// per-seat pools with idle, departed and unassigned seats, price rises, cancelled applications
// still charged, and three years of card charges of which some recur unmatched.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { CATALOG_BY_POPULARITY } from '../../common/catalog/catalog';
import { addDays, todayInTimeZone } from '../../common/dates';
import { bulkInsert } from '../../server/db/bulk-insert';
import {
  licenseAssignments,
  licensePools,
  people,
  subscriptionPriceChanges,
  subscriptions,
} from '../../server/db/schema';
import { derivedCosts } from '../../server/modules/subscriptions';
import { buildOrgOwner, setPlan } from '../../server/test/factories';
import { getTestServer } from '../../server/test/test-server';
import { createRng } from '../demo/prng';
import { measure, type BenchResult } from './harness';

const APPS = Number(process.env.BENCH_INSIGHTS_APPS ?? 1_000);
const PEOPLE = Number(process.env.BENCH_INSIGHTS_PEOPLE ?? 10_000);
const EXPENSES = Number(process.env.BENCH_INSIGHTS_EXPENSES ?? 1_000_000);
const SEATS_PER_PERSON = 6;
const BUDGET_MS = 10_000;

type Db = Awaited<ReturnType<typeof getTestServer>>['database']['db'];

/** The organization's applications, pools, people and seats; returns the application ids. */
export async function buildInventory(db: Db, orgId: string, ownerUserId: string, today: string) {
  const rng = createRng(16);
  const catalogue = CATALOG_BY_POPULARITY.filter((a) => (a.prices ?? []).length > 0).slice(0, APPS * 0.4);
  const apps = Array.from({ length: APPS }, (_, i) => {
    // A few catalogue applications bought twice (a second workspace, another team's account).
    const listed =
      i < catalogue.length
        ? catalogue[i]
        : i < catalogue.length + 40
          ? catalogue[i - catalogue.length]
          : undefined;
    const perSeat = i % 5 !== 0;
    const seats = perSeat ? 10 + Math.floor(rng.next() * 190) : null;
    const unitPriceMinor = perSeat ? 500 + Math.floor(rng.next() * 4_500) : null;
    const terms = {
      pricingModel: perSeat ? ('per-seat' as const) : ('flat' as const),
      billingCycle: i % 3 === 0 ? ('annual' as const) : ('monthly' as const),
      intervalMonths: null,
      amountMinor: perSeat ? 0 : 5_000 + Math.floor(rng.next() * 200_000),
      seats,
      unitPriceMinor,
      currency: 'USD',
    };
    return {
      id: randomUUID(),
      organizationId: orgId,
      name: listed ? listed.name : `In-house tool ${i}`,
      catalogSlug: listed?.slug ?? null,
      status: i % 17 === 0 ? ('cancelled' as const) : ('active' as const),
      ...terms,
      ...derivedCosts(terms),
      startDate: addDays(today, -400 - (i % 300)),
      nextRenewalDate: addDays(today, 1 + (i % 365)),
      autoRenew: true,
      noticePeriodDays: 30,
      department: `Team ${i % 12}`,
      ownerUserId: i % 9 === 0 ? null : ownerUserId,
    };
  });
  await bulkInsert(db, subscriptions, apps);

  const pools = apps
    .filter((a) => a.pricingModel === 'per-seat')
    .map((a) => ({
      id: randomUUID(),
      organizationId: orgId,
      subscriptionId: a.id,
      tierName: 'Standard',
      seats: a.seats,
      unitPriceMinor: a.unitPriceMinor ?? 0,
      billingCycle: a.billingCycle,
      currency: 'USD',
    }));
  await bulkInsert(db, licensePools, pools);

  const persons = Array.from({ length: PEOPLE }, (_, i) => ({
    id: randomUUID(),
    organizationId: orgId,
    email: `person${i}@bench.example`,
    firstName: 'Person',
    lastName: String(i),
    department: `Team ${i % 12}`,
    status: i % 25 === 0 ? ('offboarded' as const) : ('active' as const),
    endDate: i % 25 === 0 ? addDays(today, -(i % 200)) : null,
  }));
  await bulkInsert(db, people, persons);

  // Each person holds a few seats; a quarter of them idle for months, some never used.
  const taken = new Map<string, number>();
  const seats: Array<typeof licenseAssignments.$inferInsert> = [];
  for (const [p, person] of persons.entries()) {
    for (let k = 0; k < SEATS_PER_PERSON; k++) {
      const pool = pools[(p * 7 + k * 131) % pools.length];
      const key = `${pool.id}:${person.id}`;
      if (taken.has(key) || (taken.get(pool.id) ?? 0) >= (pool.seats ?? Infinity)) continue;
      taken.set(key, 1);
      taken.set(pool.id, (taken.get(pool.id) ?? 0) + 1);
      const r = rng.next();
      seats.push({
        id: randomUUID(),
        organizationId: orgId,
        poolId: pool.id,
        personId: person.id,
        assignedAt: new Date(`${addDays(today, -300)}T00:00:00Z`),
        lastActiveAt:
          r < 0.05
            ? null
            : new Date(`${addDays(today, r < 0.25 ? -90 - Math.floor(r * 400) : -1)}T00:00:00Z`),
        source: 'csv',
        activitySignal: r < 0.12 ? 'sign-in' : 'usage',
      });
    }
  }
  await bulkInsert(db, licenseAssignments, seats);

  // A price rise on one application in ten (per-seat ones: every fifth application is flat).
  await bulkInsert(
    db,
    subscriptionPriceChanges,
    apps
      .filter((a, i) => i % 10 === 1 && a.pricingModel === 'per-seat')
      .map((a) => {
        const current = { ...a, monthlyMinor: a.monthlyCostMinor };
        const before = Math.round((a.unitPriceMinor ?? 0) * 0.85);
        return {
          organizationId: orgId,
          subscriptionId: a.id,
          effectiveDate: addDays(today, -60),
          source: 'manual',
          fields: ['unitPriceMinor'],
          previous: { ...current, unitPriceMinor: before, amountMinor: before * (a.seats ?? 0) },
          current,
        };
      }) as Array<typeof subscriptionPriceChanges.$inferInsert>,
  );
  return { appIds: apps.map((a) => a.id), seats: seats.length, pools: pools.length };
}

/**
 * Three years of charges: most matched to applications, a tenth unmatched — of those, 300
 * merchants charge monthly for three years (what shadow-IT discovery looks for), the rest are
 * one-offs — and the
 * cancelled applications still charged.
 */
export async function buildExpenses(db: Db, orgId: string, appIds: string[], today: string) {
  await db.execute(sql`
    with apps as (select array_agg(id order by id) as ids from subscriptions where organization_id = ${orgId}::uuid)
    insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key,
      merchant_name, match_status, subscription_id, source)
    select ${orgId}::uuid,
      case when recurring then ${today}::date - 30 * (u / 300) - 3 - (u % 300) % 5 else ${today}::date - (g % 1095) end,
      case when recurring then 1900 + (u % 300) * 100 else 100 + (g::bigint * 7919) % 250000 end,
      'USD', merchant, merchant, 'Merchant',
      case when g % 10 = 0 then 'unmatched' else 'matched' end,
      case when g % 10 = 0 then null else apps.ids[1 + (g % ${appIds.length})] end,
      'api'
    from (
      select g, g / 10 as u, g % 10 = 0 and g / 10 < 300 * 36 as recurring,
        case when g % 10 <> 0 then 'MATCHED MERCHANT ' || (g % 700)
          when g / 10 < 300 * 36 then 'RECURRING SAAS ' || ((g / 10) % 300)
          else 'ONE OFF SHOP ' || g end as merchant
      from generate_series(1, ${EXPENSES}::int) g
    ) rows, apps`);
  await db.execute(sql`
    update expenses e set charged_after_cancellation = true
    from subscriptions s
    where e.organization_id = ${orgId}::uuid and s.organization_id = e.organization_id
      and s.id = e.subscription_id and s.status = 'cancelled' and e.date > ${addDays(today, -60)}::date`);
  await db.execute(sql`analyze`);
}

export async function insightsBench(): Promise<BenchResult[]> {
  const server = await getTestServer();
  const db = server.database.db;
  try {
    const owner = await buildOrgOwner(server.app);
    await setPlan(db, owner.orgId, 'pro');
    const today = todayInTimeZone(server.app.deps.clock.now());
    const built = performance.now();
    const inventory = await buildInventory(db, owner.orgId, owner.id, today);
    await buildExpenses(db, owner.orgId, inventory.appIds, today);
    console.log(`  built the organization in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    const { generateInsights } = await import('../../server/modules/insights/generate');
    const { loadInsightSnapshot } = await import('../../server/modules/insights/load-snapshot.repo');
    const { combineSavings, detectOpportunities } = await import('../../server/modules/insights');
    const { loadInsightSettings } = await import('../../server/modules/insights/insight-settings.repo');
    const now = () => server.app.deps.clock.now();
    const size = `${APPS.toLocaleString('en-US')} apps / ${PEOPLE.toLocaleString('en-US')} people / ${EXPENSES.toLocaleString('en-US')} expenses`;
    // The first generation creates every row; the next ones update them in place.
    const firstCpu = process.cpuUsage();
    const first = await measure(
      `insights first generation (creates), ${size}`,
      async () => {
        const created = await generateInsights(server.app.deps, owner.orgId, now());
        console.log(`  first generation: ${JSON.stringify(created)}`);
      },
      { iterations: 1, warmup: 0, budgetMs: BUDGET_MS, budgetOn: 'max' },
    );
    const firstUsed = process.cpuUsage(firstCpu);
    first.note = `CPU ${((firstUsed.user + firstUsed.system) / 1000).toFixed(0)} ms (the wall time counts other processes' load too)`;
    let last = { created: 0, updated: 0, realized: 0 };
    const cpu = process.cpuUsage();
    const result = await measure(
      `insights generation (updates), ${size}`,
      async () => {
        last = await generateInsights(server.app.deps, owner.orgId, now());
      },
      { iterations: 3, warmup: 0, budgetMs: BUDGET_MS, budgetOn: 'max' },
    );
    const used = process.cpuUsage(cpu);
    // Where a generation's time goes: the snapshot's queries, the detectors, and (the rest) the writes.
    let at = performance.now();
    const { settings } = await loadInsightSettings(db, owner.orgId);
    const snapshot = await loadInsightSnapshot(db, owner.orgId, today);
    const loadMs = performance.now() - at;
    at = performance.now();
    combineSavings(detectOpportunities(snapshot, settings));
    const detectMs = performance.now() - at;
    result.note =
      `${inventory.seats.toLocaleString('en-US')} seats in ${inventory.pools} pools; ` +
      `${last.updated} opportunities found again (updated in place); CPU ${((used.user + used.system) / 1000 / 3).toFixed(0)} ms per run; ` +
      `snapshot ${loadMs.toFixed(0)} ms, detectors ${detectMs.toFixed(0)} ms, writes the rest`;
    return [first, result];
  } finally {
    await server.close();
  }
}
