// Many peer organizations at once (issue 17), for an installation's peer benchmark and for
// `npm run bench -- benchmarks` (10,000 organizations × 50 applications). Each is a small realistic
// company: a head count, a currency (mostly USD), a subset of the catalogue's priced applications
// (popular ones more often) on one of their plans, seats from its head count, monthly, annual or
// multi-year terms, and prices around the list price (most at or below it, some above).
// Deterministic by seed, ids included: running it twice with one seed adds nothing the second time.
import type { BillingCycle } from '../../common/billing';
import { REFERENCE_RATES_PER_EUR as PER_EUR } from '../../common/benchmarks/reference-rates';
import { CATALOG_BY_POPULARITY } from '../../common/catalog/catalog';
import type { CatalogApp, CatalogPrice } from '../../common/catalog/types';
import { todayInTimeZone } from '../../common/dates';
import { bulkInsert } from '../../server/db/bulk-insert';
import type { DbOrTx } from '../../server/db/client';
import { licensePools, organizations, subscriptions } from '../../server/db/schema';
import {
  comparablePrices,
  negotiatedPerCycle,
  peerApplication,
  peerOrganization,
  stableUuid,
  type PeerApplicationRow,
  type PeerOrganizationRow,
  type PeerPoolRow,
} from './peer-rows';
import { createRng, type Rng } from './prng';

export interface PeerOptions {
  /** How many organizations. */
  count: number;
  seed: number;
  /** Applications per organization (at most the number of priced catalogue applications). */
  apps: number;
  now?: Date;
  /** Batches inserted at once (default 1); more only on a connection pool, never in a transaction. */
  concurrency?: number;
}

export interface PeerResult {
  organizationIds: string[];
  applications: number;
  licensePools: number;
}

/** Organizations generated and inserted together: bounds the memory of a 10,000-organization run. */
const BATCH = 250;
const NAME_A = ['North', 'Blue', 'Bright', 'Silver', 'Red', 'Green', 'Iron', 'Clear', 'Swift', 'Oak'];
const NAME_B = ['wave', 'field', 'stone', 'bridge', 'leaf', 'peak', 'harbor', 'line', 'forge', 'light'];
const NAME_C = ['Labs', 'Logistics', 'Health', 'Analytics', 'Studio', 'Foods', 'Legal', 'Systems', 'Retail'];

/** Catalogue applications a peer can buy: those with a seat or account price. */
export const peerCatalogue = (): CatalogApp[] =>
  CATALOG_BY_POPULARITY.filter((app) => comparablePrices(app).length > 0);

/**
 * Creates `count` peer organizations with `apps` applications each; see the file comment. On a
 * connection pool, `concurrency` batches insert at once (PostgreSQL spreads them over its cores);
 * inside a transaction keep the default 1.
 */
export async function createPeerOrganizations(db: DbOrTx, options: PeerOptions): Promise<PeerResult> {
  const now = options.now ?? new Date();
  const day = { now, today: todayInTimeZone(now) };
  const perOrg = Math.min(options.apps, peerCatalogue().length);
  const batches = Math.ceil(options.count / BATCH);
  const done: PeerResult[] = [];
  let next = 0;
  const worker = async () => {
    for (let batch = next++; batch < batches; batch = next++) {
      const end = Math.min(options.count, (batch + 1) * BATCH);
      const rows = peerRows(options.seed, batch * BATCH, end, perOrg, day);
      await bulkInsert(db, organizations, rows.orgs, { onConflictDoNothing: true });
      await bulkInsert(db, subscriptions, rows.applications, { chunkSize: 5000, onConflictDoNothing: true });
      await bulkInsert(db, licensePools, rows.pools, { chunkSize: 5000, onConflictDoNothing: true });
      done[batch] = {
        organizationIds: rows.orgs.map((o) => o.id),
        applications: rows.applications.length,
        licensePools: rows.pools.length,
      };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return {
    organizationIds: done.flatMap((d) => d.organizationIds),
    applications: done.reduce((n, d) => n + d.applications, 0),
    licensePools: done.reduce((n, d) => n + d.licensePools, 0),
  };
}

/** Rows of organizations [start, end) and their applications: each from its own seeded stream. */
export function peerRows(
  seed: number,
  start: number,
  end: number,
  perOrg: number,
  day: { now: Date; today: string },
  catalogue = peerCatalogue(),
) {
  const orgs: Array<PeerCompany['org']> = [];
  const applications: PeerApplicationRow[] = [];
  const pools: PeerPoolRow[] = [];
  for (let i = start; i < end; i += 1) {
    const rng = createRng(seed * 7919 + i);
    const company = peerCompany(rng, seed, i, day.now);
    orgs.push(company.org);
    for (const app of pickApps(rng, catalogue, perOrg)) {
      const { application, pool } = buyApp(rng, company, app, day);
      applications.push(application);
      if (pool) pools.push(pool);
    }
  }
  return { orgs, applications, pools };
}

interface PeerCompany {
  org: PeerOrganizationRow & { id: string; currency: string };
  headcount: number;
}

function peerCompany(rng: Rng, seed: number, index: number, now: Date): PeerCompany {
  const headcount = rng.weighted([
    [rng.int(3, 10), 20],
    [rng.int(11, 50), 35],
    [rng.int(51, 250), 35],
    [rng.int(251, 1500), 10],
  ] as const);
  const currency = rng.weighted([
    ['USD', 80],
    ['EUR', 12],
    ['GBP', 8],
  ] as const);
  const name = `${rng.pick(NAME_A)}${rng.pick(NAME_B)} ${rng.pick(NAME_C)}`;
  const id = stableUuid('peer-organization', seed, index);
  return { org: peerOrganization(id, name, currency, headcount, now), headcount };
}

/** `n` distinct applications, popular ones far more often (index ~ r² of the catalogue). */
function pickApps(rng: Rng, catalogue: CatalogApp[], n: number): CatalogApp[] {
  const chosen = new Set<number>();
  while (chosen.size < n) {
    const r = rng.next();
    let index = Math.floor(r * r * catalogue.length);
    while (chosen.has(index)) index = (index + 1) % catalogue.length;
    chosen.add(index);
  }
  return [...chosen].map((i) => catalogue[i]);
}

function buyApp(rng: Rng, company: PeerCompany, app: CatalogApp, day: { now: Date; today: string }) {
  const prices = comparablePrices(app);
  const plans = [...new Set(prices.map((p) => p.plan))];
  // Most buy the first (entry) plan, some the next ones up.
  const plan =
    plans[
      Math.min(
        plans.length - 1,
        rng.weighted([
          [0, 65],
          [1, 25],
          [2, 10],
        ] as const),
      )
    ];
  const billingCycle: BillingCycle = rng.weighted([
    ['monthly', 48],
    ['annual', 42],
    ['quarterly', 3],
    ['multi-year', 7],
  ] as const);
  const intervalMonths = billingCycle === 'multi-year' ? rng.pick([24, 36]) : null;
  const price = planPrice(prices, plan, billingCycle, company.org.currency);
  const seats =
    price.unit === 'user' ? Math.max(1, Math.round(company.headcount * (0.2 + rng.next() * 0.85))) : null;
  // Larger and longer commitments get deeper discounts; a few pay above list (old contracts).
  const depth = (seats && seats > 50 ? 0.1 : 0) + (billingCycle === 'monthly' ? 0 : 0.08);
  const factor = rng.weighted([
    [1 + rng.next() * 0.12, 12],
    [1, 33],
    [1 - rng.next() * (0.15 + depth), 55],
  ] as const);
  // A plan listed only in another currency: converted at the benchmarks' reference rates.
  const conversion = PER_EUR[company.org.currency] / PER_EUR[price.currency];
  return peerApplication({
    orgId: company.org.id,
    id: stableUuid(company.org.id, app.slug),
    app,
    plan,
    unit: price.unit === 'user' ? 'user' : 'flat',
    billingCycle,
    intervalMonths,
    contractTermMonths: billingCycle === 'annual' ? 12 : (intervalMonths ?? (rng.chance(0.2) ? 12 : null)),
    pricePerCycleMinor: negotiatedPerCycle(price, billingCycle, intervalMonths, factor * conversion),
    currency: company.org.currency,
    seats,
    status: rng.weighted([
      ['active', 94],
      ['trial', 3],
      ['cancelled', 3],
    ] as const),
    ...day,
    rng,
  });
}

/** The plan's price in the organization's currency when listed, billed yearly for longer terms. */
function planPrice(prices: CatalogPrice[], plan: string, cycle: BillingCycle, currency: string) {
  const ofPlan = prices.filter((p) => p.plan === plan);
  const inCurrency = ofPlan.filter((p) => p.currency === currency);
  const pool = inCurrency.length > 0 ? inCurrency : ofPlan.filter((p) => p.currency === 'USD');
  const candidates = pool.length > 0 ? pool : ofPlan;
  const period = cycle === 'monthly' || cycle === 'quarterly' ? 'month' : 'year';
  return candidates.find((p) => p.period === period) ?? candidates[0];
}
