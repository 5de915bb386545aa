// The demo company as a small group (issue 19): two legal entities in two currencies (the US parent
// in USD, a German GmbH in EUR), three brands, applications split between brands, the GmbH's local
// tools billed in euros and allocated on their own, two years of daily EUR rates in the ECB's form,
// and two years of revenue per brand — one brand's software cost outgrowing its revenue.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { splitMinor } from '../../common/allocation';
import { addDays, addMonths } from '../../common/dates';
import { mulDivMinor, type CurrencyCode } from '../../common/money';
import {
  allocationShares,
  allocations,
  brandRevenue,
  brands,
  departmentAllocations,
  entities,
  expenses,
  fxRates,
  people,
  subscriptions,
} from '../../server/db/schema';
import { merchantKeyOf } from '../../server/modules/expenses/matching/merchant-key';
import { DEMO_MONTHS, type DemoContext } from './context';
import { stableUuid } from './peer-rows';
import { createRng } from './prng';
import { bulkInsert, inChunks } from '../../server/db/bulk-insert';

const BRANDS = [
  // The default brand keeps the organization's name.
  { key: 'northwind', name: '', color: '#2563EB', description: 'The flagship B2B platform.' },
  {
    key: 'brightwave',
    name: 'Brightwave',
    color: '#F59E0B',
    description: 'Analytics add-on sold to mid-market.',
  },
  {
    key: 'kestrel',
    name: 'Kestrel',
    color: '#10B981',
    description: 'The European e-commerce brand, run from Berlin.',
  },
] as const;

/** Departments and the brand their people work for. */
const DEPARTMENT_BRANDS: Record<string, 'northwind' | 'brightwave' | 'kestrel'> = {
  Engineering: 'northwind',
  Sales: 'northwind',
  'Customer Success': 'brightwave',
  Marketing: 'brightwave',
  Operations: 'northwind',
  Design: 'kestrel',
};

/** The GmbH's local tools, billed in euros each month and allocated on their own (not through an application). */
const LOCAL_TOOLS = [
  { merchant: 'DATEV EG NUERNBERG', amountMinor: 18_900 },
  { merchant: 'PERSONIO GMBH MUENCHEN', amountMinor: 54_000 },
  { merchant: 'SEVDESK GMBH OFFENBURG', amountMinor: 3_490 },
];

/** Monthly revenue twelve months ago and its monthly growth, per brand (in the entity's currency). */
const REVENUE = {
  northwind: { currency: 'USD', start: 1_450_000_00, growth: 0.018 },
  brightwave: { currency: 'USD', start: 310_000_00, growth: -0.012 },
  kestrel: { currency: 'EUR', start: 520_000_00, growth: 0.025 },
} as const;

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

const isBusinessDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/**
 * Roughly how many of each currency a US dollar buys: the demo's other reference rates follow the
 * EUR→USD walk through these, so every pair the company needs converts on every business day.
 */
// prettier-ignore
export const UNITS_PER_USD: Record<CurrencyCode, number> = {
  USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150, CHF: 0.88, CAD: 1.37, AUD: 1.52, NZD: 1.66, SEK: 10.6,
  NOK: 10.8, DKK: 6.9, ISK: 138, PLN: 4, CZK: 23, HUF: 360, RON: 4.6, TRY: 34, UAH: 41, INR: 84,
  PKR: 280, BRL: 5.6, MXN: 18, ARS: 950, CLP: 930, COP: 4100, PEN: 3.75, KRW: 1380, CNY: 7.2,
  HKD: 7.8, TWD: 32, SGD: 1.34, MYR: 4.5, THB: 35, IDR: 15_800, PHP: 57, VND: 25_000, ZAR: 18,
  NGN: 1600, KES: 129, EGP: 49, ILS: 3.7, AED: 3.6725, SAR: 3.75, QAR: 3.64, KWD: 0.307,
  BHD: 0.376, OMR: 0.385, JOD: 0.709,
};

/**
 * The demo's rates: for every currency its applications, charges, budgets and revenue are in (and
 * the organization's own), EUR→that currency on every business day from before the first charge
 * to today, so no charge, budget or revenue month of the demo lacks a rate (FX_LOOKBACK_DAYS covers
 * weekends). EUR→USD is the walk; the days before it start take its first rate; the others follow
 * it through UNITS_PER_USD. Any pair converts through their common base, EUR, on the same day.
 */
async function demoRates(ctx: DemoContext, walk: Array<{ date: string; rate: number }>) {
  const { db, orgId, today } = ctx;
  const used = new Set<string>(['USD', ctx.currency]);
  for (const table of [subscriptions, expenses] as const) {
    const rows = await db
      .selectDistinct({ currency: table.currency })
      .from(table)
      .where(eq(table.organizationId, orgId));
    for (const r of rows) used.add(r.currency);
  }
  used.delete('EUR');
  const first = walk[0]!;
  const days: Array<{ date: string; rate: number }> = [];
  for (let day = addDays(addMonths(today, -DEMO_MONTHS), -10); day < first.date; day = addDays(day, 1)) {
    if (isBusinessDay(day)) days.push({ date: day, rate: first.rate });
  }
  days.push(...walk);
  const rates: Array<typeof fxRates.$inferInsert> = [];
  for (const quote of [...used].sort()) {
    const perUsd = UNITS_PER_USD[quote as CurrencyCode];
    if (perUsd === undefined) continue;
    for (const { date, rate } of days) {
      rates.push({
        organizationId: orgId,
        date,
        base: 'EUR',
        quote,
        rate: quote === 'USD' ? rate.toFixed(4) : Number((rate * perUsd).toPrecision(6)).toFixed(6),
        source: 'csv',
      });
    }
  }
  return rates;
}

export async function generateGroup(ctx: DemoContext): Promise<void> {
  const { db, orgId, today, now } = ctx;
  // The history before the last twelve months draws from its own sequence.
  const history = createRng(ctx.options.seed + 1919);
  // Its own PRNG: later generators draw from ctx.rng in a fixed order.
  const rng = createRng(ctx.options.seed + 19);

  const [parent] = await db
    .update(entities)
    .set({
      legalName: 'Northwind Labs, Inc.',
      country: 'US',
      taxId: '84-2917365',
      costCentre: 'US-100',
      updatedAt: now,
    })
    .where(and(eq(entities.organizationId, orgId), eq(entities.isDefault, true)))
    .returning({ id: entities.id, name: entities.name });
  if (!parent) throw new Error('The organization has no default entity');
  const [gmbh] = await db
    .insert(entities)
    .values({
      organizationId: orgId,
      name: `${parent.name} GmbH`,
      legalName: `${parent.name} Deutschland GmbH`,
      country: 'DE',
      functionalCurrency: 'EUR',
      taxId: 'DE318457920',
      costCentre: 'DE-200',
      parentId: parent.id,
    })
    .returning({ id: entities.id });

  const [flagship] = await db
    .update(brands)
    .set({ color: BRANDS[0].color, description: BRANDS[0].description, updatedAt: now })
    .where(and(eq(brands.organizationId, orgId), eq(brands.isDefault, true)))
    .returning({ id: brands.id });
  const inserted = await db
    .insert(brands)
    .values(
      BRANDS.slice(1).map((b) => ({
        organizationId: orgId,
        name: b.name,
        color: b.color,
        description: b.description,
        entityId: b.key === 'kestrel' ? gmbh!.id : parent.id,
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  const brandId = {
    northwind: flagship!.id,
    brightwave: inserted.find((b) => b.name === 'Brightwave')!.id,
    kestrel: inserted.find((b) => b.name === 'Kestrel')!.id,
  };
  const entityOf = (brand: keyof typeof brandId) => (brand === 'kestrel' ? gmbh!.id : parent.id);

  await db.insert(departmentAllocations).values(
    Object.entries(DEPARTMENT_BRANDS).map(([department, brand]) => ({
      organizationId: orgId,
      department,
      entityId: entityOf(brand),
      brandId: brandId[brand],
    })),
  );
  // A few people work for another brand than their department's: their own allocation.
  const staff = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.organizationId, orgId), eq(people.department, 'Engineering')))
    .orderBy(asc(people.email));
  for (const person of staff.filter((_, i) => i % 6 === 0)) {
    await db
      .update(people)
      .set({ entityId: gmbh!.id, brandId: brandId.kestrel })
      .where(and(eq(people.organizationId, orgId), eq(people.id, person.id)));
  }

  // Applications: most stay with the flagship (no allocation row); some belong to one brand; some are split.
  const apps = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), isNull(subscriptions.archivedAt)))
    .orderBy(asc(subscriptions.name), asc(subscriptions.createdAt));
  const shareRows: Array<typeof allocationShares.$inferInsert> = [];
  const allocated: string[] = [];
  const share = (targetId: string, brand: keyof typeof brandId, basisPoints: number) =>
    shareRows.push({
      organizationId: orgId,
      targetKind: 'subscription',
      targetId,
      entityId: entityOf(brand),
      brandId: brandId[brand],
      basisPoints,
    });
  for (const app of apps) {
    const roll = rng.next();
    if (roll < 0.15) {
      share(app.id, 'brightwave', 10_000);
    } else if (roll < 0.27) {
      share(app.id, 'kestrel', 10_000);
    } else if (roll < 0.42) {
      // Split like "Slack 60 % Northwind / 40 % Brightwave", or three ways.
      const threeWays = rng.chance(0.3);
      const parts = threeWays ? splitMinor(10_000, [1, 1, 1]) : [rng.pick([6000, 7000, 5000]), 0];
      if (!threeWays) parts[1] = 10_000 - parts[0]!;
      share(app.id, 'northwind', parts[0]!);
      share(app.id, rng.chance(0.5) || threeWays ? 'brightwave' : 'kestrel', parts[1]!);
      if (threeWays) share(app.id, 'kestrel', parts[2]!);
    } else continue;
    allocated.push(app.id);
  }

  // The GmbH's local tools: two years of euro charges, each allocated on its own.
  const firstMonth = monthStart(addMonths(today, -(DEMO_MONTHS - 1)));
  const localRows: Array<typeof expenses.$inferInsert> = [];
  for (let m = 0; m < DEMO_MONTHS; m++) {
    // The first year's days come from their own sequence, so the later draws stay as they were.
    const day = addDays(addMonths(firstMonth, m), m < DEMO_MONTHS - 12 ? history.int(1, 5) : rng.int(1, 5));
    if (day > today) continue;
    for (const tool of LOCAL_TOOLS) {
      localRows.push({
        id: stableUuid('demo-local-tool', orgId, tool.merchant, m),
        organizationId: orgId,
        date: day,
        amountMinor: tool.amountMinor,
        currency: 'EUR',
        merchant: tool.merchant,
        merchantKey: merchantKeyOf(tool.merchant),
        merchantName: tool.merchant.split(' ')[0]!,
        source: 'csv',
        matchStatus: 'unmatched',
        hasOwnAllocation: true,
        createdBy: ctx.colleagues.finance,
      });
    }
  }
  await inChunks(expenses, localRows, (chunk) => db.insert(expenses).values(chunk));
  for (const row of localRows) {
    shareRows.push({
      organizationId: orgId,
      targetKind: 'expense',
      targetId: row.id!,
      entityId: gmbh!.id,
      brandId: brandId.kestrel,
      basisPoints: 10_000,
    });
  }
  const targets = [
    ...allocated.map((id) => ({ targetKind: 'subscription' as const, targetId: id })),
    ...localRows.map((r) => ({ targetKind: 'expense' as const, targetId: r.id! })),
  ];
  await bulkInsert(
    db,
    allocations,
    targets.map((t) => ({
      organizationId: orgId,
      ...t,
      method: 'fixed' as const,
      updatedBy: ctx.colleagues.finance,
    })),
  );
  await bulkInsert(db, allocationShares, shareRows);

  // Two years of EUR→USD reference rates on business days, as the ECB publishes them. Inserted last:
  // the rates' trigger converts the year's expenses once.
  const walk: Array<{ date: string; rate: number }> = [];
  let rate = 1.08;
  const lastYear = addDays(monthStart(addMonths(today, -11)), -10);
  for (let day = addDays(firstMonth, -10); day <= today; day = addDays(day, 1)) {
    if (!isBusinessDay(day)) continue;
    const step = day < lastYear ? history.next() : rng.next();
    rate = Math.min(1.16, Math.max(1.02, rate + (step - 0.5) * 0.008));
    walk.push({ date: day, rate });
  }
  await db.insert(fxRates).values(await demoRates(ctx, walk));
  const revenue: Array<typeof brandRevenue.$inferInsert> = [];
  for (const [brand, plan] of Object.entries(REVENUE) as Array<
    [keyof typeof REVENUE, (typeof REVENUE)[keyof typeof REVENUE]]
  >) {
    for (let m = 0; m < DEMO_MONTHS; m++) {
      const month = addMonths(firstMonth, m);
      // `start` is the revenue twelve months ago: earlier months grow into it.
      if (month > today) continue;
      const noise = m < DEMO_MONTHS - 12 ? history.next() : rng.next();
      const factor = Math.round(
        10_000 * (1 + plan.growth) ** (m - (DEMO_MONTHS - 12)) * (0.97 + noise * 0.06),
      );
      revenue.push({
        organizationId: orgId,
        brandId: brandId[brand],
        month,
        amountMinor: mulDivMinor(plan.start, factor, 10_000),
        currency: plan.currency,
        updatedBy: ctx.colleagues.finance,
      });
    }
  }
  await db.insert(brandRevenue).values(revenue);
}
