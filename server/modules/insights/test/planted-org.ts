// A planted-waste organization (issue 32): a realistic organization written to the database, with
// waste of every kind the detectors look for, planted NON-waste traps (a free plan, a higher tier in
// real use, an application without a usage source, gym, airline and phone charges, annual plans
// already cheapest, seats just handed out, a small price rise, an in-house tool named like a
// catalogue product) and the findings expected of it. A seed picks the catalogue products, sizes,
// prices and dates; the bench (`npx tsx scripts/bench.ts findings`) and planted-org.test.ts score the
// detectors on it (scorePlantedFindings). Assignment and last-activity dates are written straight to
// the database (the API stamps assignments with today's date until it accepts them).
import { randomUUID } from 'node:crypto';
import { derivedCosts } from '../../subscriptions';
import { merchantKeyOf } from '../../expenses';
import { CATALOG_BY_POPULARITY } from '../../../../common/catalog/catalog';
import { catalogFunctionsOf } from '../../../../common/catalog/functions';
import type { CatalogApp } from '../../../../common/catalog/types';
import { paidPlans, type PlanPrices } from '../../../../common/benchmarks/plan-match';
import type { BillingCycle } from '../../../../common/billing';
import { addDays, addMonths } from '../../../../common/dates';
import type { Opportunity, OpportunityType } from '../../../../common/insights/opportunity';
import type { DbOrTx } from '../../../db/client';
import {
  expenses,
  licenseAssignments,
  licensePools,
  people,
  settingsItems,
  subscriptionPriceChanges,
  subscriptions,
  vendors,
} from '../../../db/schema';
import { combineSavings } from '../dedupe';
import { createRng, type Rng } from '../../../../scripts/demo/prng';

/** What the detectors should find (waste), or must not put money on (a trap: a low, moneyless review at most). */
export interface PlantedCase {
  name: string;
  kind: 'waste' | 'trap';
  /** The finding types that report it (a decision counts by any of its alternatives). */
  types: readonly OpportunityType[];
  applicationIds?: string[];
  personId?: string;
  merchantKey?: string;
}

interface AppSpec {
  name: string;
  catalog: CatalogApp | null;
  vendorName?: string;
  status?: 'active' | 'cancelled';
  cycle: BillingCycle;
  /** Per seat per cycle (per-seat), or the cycle's price (flat, when `seats` is null). */
  unitMinor: number;
  seats: number | null;
  tierName?: string;
  startDaysAgo: number;
  renewalInDays: number;
  noticeDays?: number;
}

/**
 * A catalogue product: its first per-user USD plan (what the organization pays, at list), and the
 * plans a saving may rest on (confirmed prices; most catalogue prices are not, and then only the
 * seat and spend findings apply).
 */
interface Product {
  app: CatalogApp;
  base: PlanPrices;
  plans: PlanPrices[];
}

const usable = (app: CatalogApp): Product | null => {
  const prices = (app.prices ?? []).filter(
    (p) => p.unit === 'user' && p.currency === 'USD' && p.amountMinor > 0,
  );
  if (prices.length === 0) return null;
  const plan = prices[0].plan;
  const base: PlanPrices = {
    plan,
    matched: true,
    unit: 'user',
    month: prices.find((p) => p.plan === plan && p.period === 'month') ?? null,
    year: prices.find((p) => p.plan === plan && p.period === 'year') ?? null,
  };
  if (!base.month && !base.year) return null;
  const plans = paidPlans({ prices: app.prices ?? [] }).filter(
    (p) => p.unit === 'user' && (p.month ?? p.year)?.currency === 'USD',
  );
  return { app, base, plans };
};
/** Confirmed list prices on its cheapest plan: price findings can rest on them. */
const listPriced = (p: Product) => p.plans.length > 0 && p.plans[0].plan === p.base.plan;

/** Catalogue products with a per-user USD list price, in popularity order. */
const PRODUCTS: readonly Product[] = CATALOG_BY_POPULARITY.flatMap((a) => usable(a) ?? []);

/** The plan's price billed like the application: the annual price when it has one, else monthly. */
function listBilling(plan: PlanPrices): { cycle: BillingCycle; unitMinor: number } {
  return plan.year
    ? { cycle: 'annual', unitMinor: plan.year.amountMinor }
    : { cycle: 'monthly', unitMinor: plan.month!.amountMinor };
}

export interface PlantedOrg {
  cases: PlantedCase[];
  applications: number;
  seats: number;
}

/** Writes the planted organization for `seed` into `orgId` as of `today`; returns the expected findings. */
export async function buildPlantedOrg(
  db: DbOrTx,
  orgId: string,
  ownerUserId: string,
  today: string,
  seed: number,
): Promise<PlantedOrg> {
  const rng: Rng = createRng(seed);
  const taken = new Set<string>(['bitwarden', 'google-workspace', 'zoom']);
  const takenFunctions = new Set<string>();
  /** A product not used yet whose functions no other chosen product has (no unplanned overlaps). */
  const pick = (fits: (p: Product) => boolean = () => true): Product => {
    const candidates = PRODUCTS.slice(0, 250).filter(
      (p) =>
        !taken.has(p.app.slug) &&
        fits(p) &&
        catalogFunctionsOf(p.app.slug).every((f) => !takenFunctions.has(f)),
    );
    const chosen = rng.pick(candidates);
    taken.add(chosen.app.slug);
    for (const f of catalogFunctionsOf(chosen.app.slug)) takenFunctions.add(f);
    return chosen;
  };

  const cases: PlantedCase[] = [];
  const appRows: Array<typeof subscriptions.$inferInsert> = [];
  const poolRows: Array<typeof licensePools.$inferInsert> = [];
  const personRows: Array<typeof people.$inferInsert> = [];
  const seatRows: Array<typeof licenseAssignments.$inferInsert> = [];
  const changeRows: Array<typeof subscriptionPriceChanges.$inferInsert> = [];
  const expenseRows: Array<typeof expenses.$inferInsert> = [];
  const vendorRows: Array<typeof vendors.$inferInsert> = [];
  const categoryIds = new Map<string, string>();

  const day = (n: number) => new Date(`${addDays(today, n)}T00:00:00Z`);
  const newPerson = (over: Partial<typeof people.$inferInsert> = {}) => {
    const id = randomUUID();
    const n = personRows.length + 1;
    personRows.push({
      id,
      organizationId: orgId,
      email: `person${n}@planted.example`,
      firstName: 'Person',
      lastName: String(n),
      status: 'active',
      ...over,
    });
    return id;
  };

  const addApp = (spec: AppSpec) => {
    const id = randomUUID();
    const perSeat = spec.seats !== null;
    const terms = {
      pricingModel: perSeat ? ('per-seat' as const) : ('flat' as const),
      billingCycle: spec.cycle,
      intervalMonths: null,
      amountMinor: perSeat ? spec.unitMinor * (spec.seats ?? 0) : spec.unitMinor,
      seats: spec.seats,
      unitPriceMinor: perSeat ? spec.unitMinor : null,
      currency: 'USD',
    };
    let vendorId: string | null = null;
    if (spec.vendorName) {
      vendorId = randomUUID();
      vendorRows.push({ id: vendorId, organizationId: orgId, name: spec.vendorName });
    }
    appRows.push({
      id,
      organizationId: orgId,
      name: spec.name,
      catalogSlug: spec.catalog?.slug ?? null,
      vendorId,
      status: spec.status ?? 'active',
      // A cancelled application was cancelled three months ago (its charges since are waste).
      cancelledOn: spec.status === 'cancelled' ? addDays(today, -90) : null,
      ...terms,
      ...derivedCosts(terms),
      startDate: addDays(today, -spec.startDaysAgo),
      nextRenewalDate: addDays(today, spec.renewalInDays),
      autoRenew: true,
      noticePeriodDays: spec.noticeDays ?? 30,
      ownerUserId,
    });
    const poolId = randomUUID();
    if (perSeat)
      poolRows.push({
        id: poolId,
        organizationId: orgId,
        subscriptionId: id,
        tierName: spec.tierName ?? 'Standard',
        seats: spec.seats,
        unitPriceMinor: spec.unitMinor,
        billingCycle: spec.cycle,
        currency: 'USD',
      });
    return { id, poolId };
  };

  /** Seats held in a pool: `lastActive` days ago (null: never), assigned `assigned` days ago. */
  const holdSeats = (
    poolId: string,
    count: number,
    lastActive: () => number | null,
    assigned = 300,
    personIds: string[] = [],
  ) => {
    for (let i = 0; i < count; i += 1) {
      const ago = lastActive();
      seatRows.push({
        id: randomUUID(),
        organizationId: orgId,
        poolId,
        personId: personIds[i] ?? newPerson(),
        assignedAt: day(-assigned),
        lastActiveAt: ago === null ? null : day(-ago),
        source: 'csv',
        activitySignal: 'usage',
      });
    }
  };
  const active = () => rng.int(0, 20);
  const idle = () => rng.int(75, 240);

  /** A catalogue application at its cheapest plan's list price, every seat held and used. */
  const listed = (p: Product, over: Partial<AppSpec> = {}) => {
    const plan = p.base;
    const seats = rng.int(5, 25);
    const app = addApp({
      name: p.app.name,
      catalog: p.app,
      ...listBilling(plan),
      seats,
      tierName: plan.plan,
      startDaysAgo: rng.int(400, 900),
      renewalInDays: rng.int(120, 330),
      ...over,
    });
    return { ...app, plan, seats: over.seats ?? seats };
  };
  const fullyUsed = (a: { poolId: string; seats: number | null }) =>
    holdSeats(a.poolId, a.seats ?? 0, active);

  /** Monthly charges of a merchant over the last months, unmatched (what discovery reads). */
  const charges = (merchant: string, amountMinor: number, months: number, category?: string) => {
    let categoryId: string | null = null;
    if (category) {
      categoryId = categoryIds.get(category) ?? randomUUID();
      categoryIds.set(category, categoryId);
    }
    const start = addMonths(today, -months);
    for (let m = 0; m < months; m += 1) {
      expenseRows.push({
        organizationId: orgId,
        date: addDays(addMonths(start, m), rng.int(0, 2) + 3),
        amountMinor,
        currency: 'USD',
        merchant,
        merchantKey: merchantKeyOf(merchant),
        merchantName: merchant,
        matchStatus: 'unmatched',
        categoryId,
        source: 'csv',
      });
    }
    return merchantKeyOf(merchant);
  };

  // ---- Background: applications well used at list price (the organization's normal spend).
  for (let i = rng.int(10, 16); i > 0; i -= 1) fullyUsed(listed(pick()));

  // ---- Waste.
  for (let i = rng.int(1, 2); i > 0; i -= 1) {
    const a = listed(pick());
    const idleCount = rng.int(2, Math.max(2, Math.floor(a.seats / 3)));
    holdSeats(a.poolId, a.seats - idleCount, active);
    holdSeats(a.poolId, idleCount, idle);
    cases.push({
      name: 'inactive seats',
      kind: 'waste',
      types: ['inactive_licenses'],
      applicationIds: [a.id],
    });
  }
  for (let i = rng.int(1, 2); i > 0; i -= 1) {
    const a = listed(pick(), { seats: rng.int(12, 30) });
    holdSeats(a.poolId, a.seats - rng.int(3, 8), active);
    cases.push({
      name: 'unassigned seats',
      kind: 'waste',
      types: ['unassigned_seats'],
      applicationIds: [a.id],
    });
  }
  for (let i = rng.int(1, 3); i > 0; i -= 1) {
    const a = listed(pick());
    const left = rng.int(10, 120);
    const leaver = newPerson({
      status: rng.chance(0.5) ? 'offboarded' : 'active',
      endDate: addDays(today, -left),
    });
    holdSeats(a.poolId, a.seats - 1, active);
    holdSeats(a.poolId, 1, () => left + rng.int(0, 5), 400, [leaver]);
    // Gone for longer than the activity window, the seat is idle too: the same seat, either way.
    cases.push({
      name: 'departed person',
      kind: 'waste',
      types: ['departed_person', 'inactive_licenses'],
      personId: leaver,
      applicationIds: [a.id],
    });
  }
  {
    const p = pick();
    const first = listed(p);
    const second = listed(p, { name: `${p.app.name} (${rng.pick(['Sales', 'Marketing', 'EMEA'])})` });
    fullyUsed(first);
    fullyUsed(second);
    cases.push({
      name: 'duplicate purchase',
      kind: 'waste',
      types: ['duplicate_purchase'],
      applicationIds: [first.id, second.id],
    });
  }
  {
    // Zoom bought twice: once from the catalogue, once typed by hand (no catalogue link).
    const zoom = usable(CATALOG_BY_POPULARITY.find((a) => a.slug === 'zoom')!)!;
    const linked = listed(zoom);
    fullyUsed(linked);
    const typed = addApp({
      name: rng.pick(['Zoom', 'Zoom Video', 'zoom']),
      catalog: null,
      vendorName: rng.pick(['Zoom Video Communications', 'Zoom Video Communications, Inc.', 'Zoom']),
      cycle: 'annual',
      unitMinor: rng.int(8, 30) * 10_000,
      seats: null,
      startDaysAgo: rng.int(200, 600),
      renewalInDays: rng.int(120, 300),
    });
    cases.push({
      name: 'duplicate typed by hand',
      kind: 'waste',
      types: ['duplicate_purchase'],
      applicationIds: [linked.id, typed.id],
    });
  }
  {
    // Two tools for one job, with people holding both.
    const fn = rng.pick(
      [...new Set(PRODUCTS.slice(0, 250).flatMap((p) => catalogFunctionsOf(p.app.slug)))].filter(
        (f) =>
          !takenFunctions.has(f) &&
          PRODUCTS.slice(0, 250).filter(
            (p) => !taken.has(p.app.slug) && catalogFunctionsOf(p.app.slug).includes(f),
          ).length >= 2,
      ),
    );
    const sharing = PRODUCTS.slice(0, 250).filter(
      (p) => !taken.has(p.app.slug) && catalogFunctionsOf(p.app.slug).includes(fn),
    );
    const [p1, p2] = [sharing[0], sharing[1]];
    for (const p of [p1, p2]) {
      taken.add(p.app.slug);
      for (const f of catalogFunctionsOf(p.app.slug)) takenFunctions.add(f);
    }
    const a1 = listed(p1);
    const a2 = listed(p2);
    const both = Array.from({ length: Math.min(a1.seats, a2.seats, rng.int(3, 8)) }, () => newPerson());
    holdSeats(a1.poolId, a1.seats, active, 300, both);
    holdSeats(a2.poolId, a2.seats, active, 300, both);
    cases.push({
      name: 'overlapping tools',
      kind: 'waste',
      types: ['overlapping_tools'],
      applicationIds: [a1.id, a2.id],
    });
  }
  {
    // Paid monthly for months where the catalogue lists a cheaper annual price.
    const p = pick((x) => {
      const plan = x.plans[0];
      return (
        listPriced(x) && !!plan.month && !!plan.year && plan.year.amountMinor < plan.month.amountMinor * 12
      );
    });
    const a = listed(p, {
      cycle: 'monthly',
      unitMinor: p.base.month!.amountMinor,
      startDaysAgo: rng.int(240, 700),
    });
    fullyUsed(a);
    cases.push({
      name: 'monthly to annual',
      kind: 'waste',
      types: ['monthly_to_annual'],
      applicationIds: [a.id],
    });
  }
  {
    const p = pick(listPriced);
    const { cycle, unitMinor } = listBilling(p.base);
    const a = listed(p, { cycle, unitMinor: Math.round(unitMinor * (1.2 + rng.next() * 0.3)) });
    fullyUsed(a);
    cases.push({
      name: 'price above list',
      kind: 'waste',
      types: ['price_above_list'],
      applicationIds: [a.id],
    });
  }
  {
    const a = listed(pick());
    fullyUsed(a);
    const current = appRows.find((r) => r.id === a.id)!;
    const before = Math.round((current.unitPriceMinor ?? 0) / (1.15 + rng.next() * 0.2));
    const price = {
      pricingModel: current.pricingModel,
      billingCycle: current.billingCycle,
      intervalMonths: null,
      amountMinor: current.amountMinor,
      seats: current.seats,
      unitPriceMinor: current.unitPriceMinor,
      currency: 'USD',
    };
    changeRows.push({
      organizationId: orgId,
      subscriptionId: a.id,
      effectiveDate: addDays(today, -rng.int(20, 150)),
      source: 'manual',
      fields: ['unitPriceMinor'],
      previous: { ...price, unitPriceMinor: before, amountMinor: before * (current.seats ?? 0) },
      current: price,
    } as typeof subscriptionPriceChanges.$inferInsert);
    cases.push({ name: 'price increase', kind: 'waste', types: ['price_increase'], applicationIds: [a.id] });
  }
  {
    // Renews automatically within the notice window with under half its seats used.
    const a = listed(pick(), { seats: rng.int(10, 24), renewalInDays: rng.int(5, 25), noticeDays: 0 });
    holdSeats(a.poolId, Math.floor(a.seats * 0.35), active);
    cases.push({
      name: 'renewal at risk',
      kind: 'waste',
      types: ['renewal_at_risk', 'renewal_right_sizing', 'unassigned_seats'],
      applicationIds: [a.id],
    });
  }
  {
    // Renews within the lookahead, past its notice date: buy the seats in use plus the buffer.
    const a = listed(pick(), { seats: rng.int(15, 30), renewalInDays: rng.int(30, 80), noticeDays: 90 });
    const idleCount = rng.int(3, 6);
    holdSeats(a.poolId, a.seats - idleCount, active);
    holdSeats(a.poolId, idleCount, idle);
    cases.push({
      name: 'renewal right-sizing',
      kind: 'waste',
      types: ['renewal_right_sizing', 'inactive_licenses'],
      applicationIds: [a.id],
    });
  }
  {
    // Cancelled, yet still charged.
    const p = pick();
    const a = listed(p, { status: 'cancelled' });
    const row = appRows.find((r) => r.id === a.id)!;
    const merchant = p.app.aliases[0] ?? p.app.name.toUpperCase();
    for (const m of [2, 1]) {
      expenseRows.push({
        organizationId: orgId,
        date: addDays(addMonths(today, -m), 5),
        amountMinor: row.amountMinor ?? 0,
        currency: 'USD',
        merchant,
        merchantKey: merchantKeyOf(merchant),
        merchantName: row.name,
        matchStatus: 'matched',
        subscriptionId: a.id,
        chargedAfterCancellation: true,
        source: 'csv',
      });
    }
    cases.push({
      name: 'charged after cancellation',
      kind: 'waste',
      types: ['zombie_spend'],
      applicationIds: [a.id],
    });
  }
  {
    // Software nobody registered: a catalogue product, and one the catalogue does not know.
    const p = pick((x) => !!x.app.domain);
    const mk = charges(
      `${p.app.domain!.toUpperCase()} ${rng.int(100, 999)}`,
      rng.int(20, 300) * 100,
      rng.int(4, 10),
    );
    cases.push({ name: 'shadow IT (catalogue)', kind: 'waste', types: ['shadow_it'], merchantKey: mk });
    const brand = `${rng.pick(['NIMBLO', 'QUIRKLY', 'VERDANTIQ', 'ORBITALO', 'PIXELWISE'])}${rng.pick(['', 'HQ'])}`;
    const line = rng.pick([`${brand}.IO`, `FS *${brand}`, `PADDLE.NET* ${brand}`, `${brand} SOFTWARE`]);
    const unlisted = charges(line, rng.int(10, 90) * 100, rng.int(4, 10));
    cases.push({
      name: 'shadow IT (not in the catalogue)',
      kind: 'waste',
      types: ['shadow_it'],
      merchantKey: unlisted,
    });
  }

  // ---- Traps: nothing to save.
  {
    const bitwarden = CATALOG_BY_POPULARITY.find((a) => a.slug === 'bitwarden')!;
    const free = addApp({
      name: 'Bitwarden Free',
      catalog: bitwarden,
      cycle: 'monthly',
      unitMinor: 0,
      seats: 10,
      tierName: 'Free',
      startDaysAgo: 400,
      renewalInDays: rng.int(5, 25),
      noticeDays: 0,
    });
    holdSeats(free.poolId, 2, active);
    holdSeats(free.poolId, 2, idle);
    cases.push({ name: 'free plan', kind: 'trap', types: [], applicationIds: [free.id] });
  }
  {
    const workspace = usable(CATALOG_BY_POPULARITY.find((a) => a.slug === 'google-workspace')!)!;
    const higher = workspace.plans[rng.int(1, workspace.plans.length - 1)];
    const a = listed(workspace, { tierName: higher.plan, ...listBilling(higher) });
    fullyUsed(a);
    cases.push({ name: 'higher tier in real use', kind: 'trap', types: [], applicationIds: [a.id] });
  }
  {
    // Seats held, but no usage import: usage unknown, not idle.
    const a = listed(pick());
    holdSeats(a.poolId, a.seats, () => null, rng.int(100, 500));
    cases.push({ name: 'no usage source', kind: 'trap', types: [], applicationIds: [a.id] });
  }
  {
    // Seats handed out last week, not used yet.
    const a = listed(pick());
    const fresh = rng.int(2, 4);
    holdSeats(a.poolId, a.seats - fresh, active);
    holdSeats(a.poolId, fresh, () => null, rng.int(2, 20));
    cases.push({ name: 'seats just handed out', kind: 'trap', types: [], applicationIds: [a.id] });
  }
  {
    // A price rise under the threshold.
    const a = listed(pick());
    fullyUsed(a);
    const row = appRows.find((r) => r.id === a.id)!;
    const price = {
      pricingModel: row.pricingModel,
      billingCycle: row.billingCycle,
      intervalMonths: null,
      amountMinor: row.amountMinor,
      seats: row.seats,
      unitPriceMinor: row.unitPriceMinor,
      currency: 'USD',
    };
    const before = Math.round((row.unitPriceMinor ?? 0) / 1.04);
    changeRows.push({
      organizationId: orgId,
      subscriptionId: a.id,
      effectiveDate: addDays(today, -40),
      source: 'manual',
      fields: ['unitPriceMinor'],
      previous: { ...price, unitPriceMinor: before, amountMinor: before * (row.seats ?? 0) },
      current: price,
    } as typeof subscriptionPriceChanges.$inferInsert);
    cases.push({ name: 'small price rise', kind: 'trap', types: [], applicationIds: [a.id] });
  }
  {
    // An in-house tool named after a catalogue product it is not.
    const p = pick();
    fullyUsed(listed(p));
    const inHouse = addApp({
      name: `${p.app.name} ${rng.pick(['Reports', 'Dashboard', 'Sync'])}`,
      catalog: null,
      vendorName: rng.pick(['Internal tools', 'Acme Engineering']),
      cycle: 'annual',
      unitMinor: rng.int(5, 20) * 10_000,
      seats: null,
      startDaysAgo: 500,
      renewalInDays: 200,
    });
    cases.push({
      name: 'in-house tool with a product name',
      kind: 'trap',
      types: [],
      applicationIds: [inHouse.id],
    });
  }
  {
    // Cancelled and no longer charged.
    const a = listed(pick(), { status: 'cancelled' });
    cases.push({ name: 'cancelled, not charged', kind: 'trap', types: [], applicationIds: [a.id] });
  }
  // Recurring charges that are not software at all, with and without a category.
  const notSoftware: Array<[string, string | undefined]> = [
    [
      rng.pick(['ANYTIME FITNESS #4471', 'PLANET FITNESS 800-555', 'EQUINOX 41ST ST']),
      rng.pick(['Fitness', undefined]),
    ],
    [rng.pick(['SOUTHWEST AIRLINES 526', 'UNITED 0162331', 'DELTA AIR 0067']), rng.pick(['Travel', '4511'])],
    [
      rng.pick(['AT&T WIRELESS BILL', 'COMCAST CABLE COMM', 'VERIZON WRLS 1234']),
      rng.pick(['Telecom', '4814', undefined]),
    ],
    [
      rng.pick(['CHIPOTLE 2231', 'STARBUCKS STORE 0412', 'SWEETGREEN SOHO']),
      rng.pick(['Meals', 'Restaurants', undefined]),
    ],
    [rng.pick(['HILTON HOTELS 88', 'MARRIOTT HOTEL 1931']), rng.pick(['Lodging', undefined])],
    [rng.pick(['SHELL OIL 57442', 'EXXONMOBIL 4471', 'CHEVRON 0091']), rng.pick(['Fuel', '5541', undefined])],
    [
      rng.pick(['SAFEWAY #1771', 'WHOLEFDS MKT 102', 'TRADER JOE S #552']),
      rng.pick(['Groceries', '5411', undefined]),
    ],
    [rng.pick(['LYFT *RIDE SUN 4PM', 'UBER *TRIP']), rng.pick(['Transport', undefined])],
  ];
  for (const [merchant, category] of notSoftware) {
    const mk = charges(merchant, rng.int(30, 250) * 100, rng.int(4, 9), category);
    cases.push({ name: `not software: ${merchant}`, kind: 'trap', types: [], merchantKey: mk });
  }

  await db
    .insert(settingsItems)
    .values(
      [...categoryIds].map(([name, id]) => ({
        id,
        organizationId: orgId,
        kind: 'categories' as const,
        name,
      })),
    );
  if (vendorRows.length) await db.insert(vendors).values(vendorRows);
  await db.insert(subscriptions).values(appRows);
  await db.insert(licensePools).values(poolRows);
  await db.insert(people).values(personRows);
  await db.insert(licenseAssignments).values(seatRows);
  await db.insert(subscriptionPriceChanges).values(changeRows);
  await db.insert(expenses).values(expenseRows);
  return { cases, applications: appRows.length, seats: seatRows.length };
}

export interface PlantedScore {
  planted: number;
  found: number;
  recall: number;
  /** True findings / (true + false); low-confidence reviews without money on a trap are neither. */
  precision: number;
  reviews: number;
  totalMinor: number;
  falseMinor: number;
  /** Share of the identified total (counted once) on findings that are not planted waste. */
  falseShare: number;
  missed: string[];
  falseFindings: string[];
}

const typesOf = (o: Opportunity) => new Set([o.type, ...(o.decision?.alternatives.map((a) => a.type) ?? [])]);

function reports(o: Opportunity, c: PlantedCase): boolean {
  const types = typesOf(o);
  if (!c.types.some((t) => types.has(t))) return false;
  if (c.personId && o.personIds.includes(c.personId)) return true;
  if (c.merchantKey) return o.evidence.some((e) => e.kind === 'merchant' && e.id === c.merchantKey);
  return (c.applicationIds ?? []).some((id) => o.applicationIds.includes(id));
}

/** Precision, recall and the false share of the identified total, of the opportunities on the planted cases. */
export function scorePlantedFindings(
  found: readonly Opportunity[],
  cases: readonly PlantedCase[],
): PlantedScore {
  const waste = cases.filter((c) => c.kind === 'waste');
  const combined = combineSavings(found);
  let truePositives = 0;
  let reviews = 0;
  let falseMinor = 0;
  const falseFindings: string[] = [];
  for (const o of found) {
    if (waste.some((c) => reports(o, c))) {
      truePositives += 1;
      continue;
    }
    const counted = combined.counted.get(o.key) ?? 0;
    if (counted === 0 && o.saving === null && o.confidence === 'low') {
      reviews += 1;
      continue;
    }
    falseMinor += counted;
    falseFindings.push(`${o.title} (${o.confidence}, counted ${counted})`);
  }
  const missed = waste.filter((c) => !found.some((o) => reports(o, c))).map((c) => c.name);
  const flagged = truePositives + falseFindings.length;
  return {
    planted: waste.length,
    found: waste.length - missed.length,
    recall: waste.length ? (waste.length - missed.length) / waste.length : 1,
    precision: flagged ? truePositives / flagged : 1,
    reviews,
    totalMinor: combined.annualMinor,
    falseMinor,
    falseShare: combined.annualMinor ? falseMinor / combined.annualMinor : 0,
    missed,
    falseFindings,
  };
}
