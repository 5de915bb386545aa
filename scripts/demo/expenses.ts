// The demo company's money: two years of card and invoice charges for its applications (realistic
// statement strings) that grow with the headcount (per-seat bills) and with price rises at renewal,
// applications added during the period, one tool replaced by another, a few charges nobody has
// matched, two tools nobody registered (to discover), one recent price increase, a cancelled tool
// still charging, and three budgets — one about to be exceeded.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_ALERT_RULES } from '../../common/alerts';
import type { BillingCycle } from '../../common/billing';
import { findCatalogApp } from '../../common/catalog/catalog';
import { chargeDates } from '../../common/charge-schedule';
import { addDays, addMonths } from '../../common/dates';
import { budgets, organizations, settingsItems, subscriptions, vendors } from '../../server/db/schema';
import { orderedIdSequence } from '../../server/lib/ordered-ids';
import { budgetStatus } from '../../server/modules/budgets/budget-status';
import { recordChargePriceChanges } from '../../server/modules/expenses/charge-price-changes';
import { raiseCostAlerts } from '../../server/modules/expenses/cost-alerts';
import { COST_ALERT_WINDOW_DAYS } from '../../server/modules/expenses/flags';
import {
  bulkInsertExpenses,
  flaggedExpenseIds,
  type BulkRow,
} from '../../server/modules/expenses/expenses.repo';
import { loadMatchContext, matchColumns } from '../../server/modules/expenses/matching.repo';
import { createMatcher } from '../../server/modules/expenses/matching/matcher';
import { chargeFlags } from '../../server/modules/expenses/reconcile';
import { loadReconcileApps } from '../../server/modules/expenses/reconcile.repo';
import { DEMO_MONTHS, type DemoContext } from './context';
import { createRng } from './prng';

/** Card and bank noise around merchant names, as statements print them. */
const SUFFIXES = [
  '',
  ' 888-799-9666 CA',
  ' SAN FRANCISCO CA',
  ' DUBLIN IE',
  ' INTERNET',
  ' 415-555-0134 CA',
  ' AMSTERDAM NL',
];
/** Charges that are not software: they stay in the review queue. */
const ONE_OFFS: Array<[string, number]> = [
  ['AMZN Mktp US*2K4LT1234', 8499],
  ['UBER *TRIP HELP.UBER.COM', 2350],
  ['DELTA AIR LINES 0062345', 48900],
  ['WEWORK 4512 NEW YORK NY', 65000],
  ['STAPLES 00123 BOSTON MA', 12075],
  ['SQ *BLUE BOTTLE COFFEE', 1840],
];
/** Recurring tools the demo company pays for but never registered. */
const UNREGISTERED = [
  { slugs: ['hotjar', 'mixpanel', 'retool', 'framer', 'descript'], amountMinor: 9900 },
  { merchant: 'SQ *BRIGHTWAVE ANALYTICS', amountMinor: 24900 },
];

const roundUp = (minor: number, step: number) => Math.max(step, Math.ceil(minor / step) * step);

/** Headcount grew about 1.2 % a month: a per-seat bill `monthsAgo` months back paid for fewer seats. */
export const seatsBack = (seats: number, monthsAgo: number) =>
  Math.max(1, Math.round(seats / 1.012 ** Math.max(0, monthsAgo)));
/** Every third application raised its price by 8 % at its last yearly renewal. */
const RENEWAL_RISE_PCT = 8;

const monthsBetweenDates = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

/** The latest anniversary of `start` on or before `today` (the last yearly renewal). */
function lastAnniversary(start: string, today: string): string {
  let date = start;
  while (addMonths(date, 12) <= today) date = addMonths(date, 12);
  return date;
}

export async function generateExpenses(ctx: DemoContext): Promise<void> {
  const { db, orgId, rng, today, now } = ctx;
  const from = addMonths(today, -DEMO_MONTHS);
  // Draws of the two-year history come from their own sequence: the year the demo had before keeps its figures.
  const history = createRng(ctx.options.seed + 24);
  const apps = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      catalogSlug: subscriptions.catalogSlug,
      status: subscriptions.status,
      billingCycle: subscriptions.billingCycle,
      intervalMonths: subscriptions.intervalMonths,
      amountMinor: subscriptions.amountMinor,
      currency: subscriptions.currency,
      startDate: subscriptions.startDate,
      nextRenewalDate: subscriptions.nextRenewalDate,
      paymentMethodId: subscriptions.paymentMethodId,
      pricingModel: subscriptions.pricingModel,
      seats: subscriptions.seats,
      unitPriceMinor: subscriptions.unitPriceMinor,
      category: subscriptions.categoryId,
      vendorName: vendors.name,
    })
    .from(subscriptions)
    .leftJoin(vendors, eq(vendors.id, subscriptions.vendorId))
    .where(and(eq(subscriptions.organizationId, orgId), isNull(subscriptions.archivedAt)))
    // A fixed order: the PRNG is drawn per application, so the same seed must meet them in order.
    .orderBy(asc(subscriptions.name), asc(subscriptions.createdAt));
  const invoiceMethod = (
    await db
      .select({ id: settingsItems.id, name: settingsItems.name })
      .from(settingsItems)
      .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, 'payment-methods')))
  ).find((p) => /invoice|transfer/i.test(p.name))?.id;

  type Draft = {
    date: string;
    amountMinor: number;
    currency: string;
    merchant: string;
    invoice?: { number: string; start: string; end: string };
  };
  const drafts: Draft[] = [];
  const raised = apps.find(
    (a) =>
      a.status === 'active' &&
      a.billingCycle === 'monthly' &&
      a.pricingModel !== 'usage' &&
      a.amountMinor >= 2000,
  );
  const cancelled = apps.find((a) => a.status === 'cancelled');

  for (const [index, app] of apps.entries()) {
    if (app.status === 'paused' || app.amountMinor <= 0) continue;
    // The recently raised application keeps its own story (a flat price, then +20 %).
    const steady = app === raised;
    const renewedAt =
      !steady && index % 3 === 0 && app.startDate ? lastAnniversary(app.startDate, today) : null;
    const anchor = app.nextRenewalDate ?? app.startDate;
    if (!anchor) continue;
    const cycle = app.billingCycle as BillingCycle;
    const dates = chargeDates(
      { cycle, intervalMonths: app.intervalMonths, anchorDate: anchor, startDate: app.startDate },
      from,
      today,
    ).filter((d) => app.status !== 'cancelled' || d <= addDays(today, -60));
    const entry = app.catalogSlug ? findCatalogApp(app.catalogSlug) : undefined;
    const alias = entry?.aliases[0] ?? app.name.toUpperCase();
    const byInvoice = invoiceMethod !== undefined && app.paymentMethodId === invoiceMethod;
    for (const date of dates) {
      let amountMinor = app.amountMinor;
      const monthsAgo = monthsBetweenDates(date, today);
      if (!steady && app.pricingModel === 'per-seat' && app.seats && app.unitPriceMinor && monthsAgo > 0) {
        amountMinor = app.unitPriceMinor * seatsBack(app.seats, monthsAgo);
      }
      if (renewedAt && date < renewedAt && app.pricingModel !== 'usage') {
        amountMinor = Math.round((amountMinor * 100) / (100 + RENEWAL_RISE_PCT));
      }
      // Usage-priced bills move around their estimate; one application raised its price three months ago.
      if (app.pricingModel === 'usage') amountMinor = Math.round(amountMinor * (0.85 + rng.next() * 0.3));
      if (app === raised && date >= addMonths(today, -3)) amountMinor += Math.ceil(amountMinor / 5); // +20%
      if (byInvoice) {
        const end = addDays(addMonths(date, cycle === 'annual' ? 12 : cycle === 'quarterly' ? 3 : 1), -1);
        drafts.push({
          date,
          amountMinor,
          currency: app.currency,
          merchant: app.vendorName ?? app.name,
          invoice: { number: `INV-${date.replaceAll('-', '')}-${rng.int(100, 999)}`, start: date, end },
        });
      } else {
        drafts.push({ date, amountMinor, currency: app.currency, merchant: `${alias}${rng.pick(SUFFIXES)}` });
      }
    }
  }
  // Cancelled tools were cancelled two months ago (their charges stop then); one of them is still
  // being charged: it bills once more, after its cancellation date.
  const cancelledOn = addDays(today, -60);
  await db
    .update(subscriptions)
    .set({ cancelledOn, updatedAt: new Date(`${cancelledOn}T12:00:00Z`) })
    .where(and(eq(subscriptions.organizationId, ctx.orgId), eq(subscriptions.status, 'cancelled')));
  if (cancelled) {
    const entry = cancelled.catalogSlug ? findCatalogApp(cancelled.catalogSlug) : undefined;
    drafts.push({
      date: addDays(today, -9),
      amountMinor: cancelled.amountMinor,
      currency: cancelled.currency,
      merchant: entry?.aliases[0] ?? cancelled.name.toUpperCase(),
    });
  }
  for (let i = 0; i < ONE_OFFS.length; i++) {
    const [merchant, amountMinor] = ONE_OFFS[i];
    drafts.push({ date: addDays(today, -rng.int(3, 300)), amountMinor, currency: ctx.currency, merchant });
  }
  const used = new Set(apps.map((a) => a.catalogSlug));
  for (const tool of UNREGISTERED) {
    const entry = tool.slugs?.map((s) => findCatalogApp(s)).find((a) => a && !used.has(a.slug));
    const merchant = tool.merchant ?? entry?.aliases[0];
    if (!merchant) continue;
    for (let m = 0; m < DEMO_MONTHS; m++) {
      drafts.push({
        date: addDays(addMonths(today, -m - 1), m < 12 ? rng.int(0, 2) : history.int(0, 2)),
        amountMinor: tool.amountMinor,
        currency: ctx.currency,
        merchant,
      });
    }
  }

  drafts.push(...replacedTool(apps, used, from, today, history));

  const match = createMatcher(await loadMatchContext(db, orgId));
  const reconcile = await loadReconcileApps(db, orgId);
  const nextId = orderedIdSequence(now);
  const rows: BulkRow[] = drafts
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((d) => {
      const outcome = match(d.merchant);
      const app = outcome.subscriptionId ? reconcile.get(outcome.subscriptionId) : undefined;
      return {
        id: nextId(),
        date: d.date,
        amountMinor: d.amountMinor,
        currency: d.currency,
        merchant: d.merchant,
        description: d.invoice ? `Invoice ${d.invoice.number}` : null,
        externalId: null,
        invoiceNumber: d.invoice?.number ?? null,
        ...matchColumns(outcome),
        vendorId: outcome.vendorId,
        categoryId: outcome.categoryId,
        ...chargeFlags(app, d, DEFAULT_ALERT_RULES.costAlert.thresholdPct),
      };
    });
  const common = {
    organizationId: orgId,
    importBatchId: null,
    paymentMethodId: null,
    createdBy: ctx.colleagues.finance,
    now,
  };
  await bulkInsertExpenses(
    db,
    { ...common, source: 'csv' },
    rows.filter((r) => !r.invoiceNumber),
  );
  await bulkInsertExpenses(
    db,
    { ...common, source: 'invoice' },
    rows.filter((r) => r.invoiceNumber),
  );
  // Matched charges whose amount moved (seats, a renewal rise, the raised application) enter the
  // price history, as `expense.recorded` does for the organization's own charges.
  await recordChargePriceChanges(
    db,
    orgId,
    rows.flatMap((r) => (r.subscriptionId && r.id ? [r.id] : [])),
    now,
  );
  // The price increase and the cancelled tool's charge raise their cost alerts.
  await raiseCostAlerts(
    db,
    orgId,
    await flaggedExpenseIds(db, orgId, addDays(today, -COST_ALERT_WINDOW_DAYS)),
    now,
  );

  await generateBudgets(ctx);
}

/** Project-management tools the company may have used before switching (never one it has now). */
const PREDECESSORS = ['basecamp', 'wrike', 'smartsheet', 'teamwork', 'trello', 'clickup'];

/**
 * One tool replaced during the period: the predecessor billed monthly (a little cheaper) from the
 * start of the history until the month its successor, an application started mid-period, began.
 */
function replacedTool(
  apps: Array<{
    status: string;
    billingCycle: string;
    pricingModel: string;
    startDate: string | null;
    amountMinor: number;
    currency: string;
  }>,
  used: Set<string | null>,
  from: string,
  today: string,
  history: ReturnType<typeof createRng>,
) {
  const successor = apps.find(
    (a) =>
      a.status === 'active' &&
      a.billingCycle === 'monthly' &&
      a.pricingModel !== 'usage' &&
      a.startDate !== null &&
      a.startDate > addMonths(from, 6) &&
      a.startDate < addMonths(today, -3),
  );
  const predecessor = PREDECESSORS.map((slug) => findCatalogApp(slug)).find((e) => e && !used.has(e.slug));
  if (!successor?.startDate || !predecessor) return [];
  const charges = [];
  for (let date = addDays(from, history.int(0, 5)); date < successor.startDate; date = addMonths(date, 1)) {
    charges.push({
      date,
      amountMinor: Math.max(1000, Math.round((successor.amountMinor * 0.8) / 100) * 100),
      currency: successor.currency,
      merchant: predecessor.aliases[0] ?? predecessor.name.toUpperCase(),
    });
  }
  return charges;
}

/** Three budgets sized from the demo's own spend: comfortable, nearly exceeded, and a category's. */
async function generateBudgets(ctx: DemoContext) {
  const { db, orgId, today, now } = ctx;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  const fiscal = org?.fiscalYearStartMonth ?? 1;
  const currency = 'USD';
  const departments = await db
    .select({ department: subscriptions.department })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, orgId));
  const counts = new Map<string, number>();
  for (const { department } of departments)
    if (department) counts.set(department, (counts.get(department) ?? 0) + 1);
  const department =
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'Engineering';
  const [category] = await db
    .select({ id: settingsItems.id, name: settingsItems.name })
    .from(settingsItems)
    .innerJoin(subscriptions, eq(subscriptions.categoryId, settingsItems.id))
    .where(and(eq(settingsItems.organizationId, orgId), eq(settingsItems.kind, 'categories')))
    .orderBy(asc(settingsItems.name))
    .limit(1);

  const base = {
    organizationId: orgId,
    currency,
    thresholds: [80, 100],
    createdBy: ctx.colleagues.finance,
    createdAt: now,
    updatedAt: now,
  };
  const plans = [
    {
      name: 'Software — company',
      period: 'annual' as const,
      scope: 'organization' as const,
      scopeId: null,
      scopeValue: null,
    },
    {
      name: `${department} tools`,
      period: 'quarterly' as const,
      scope: 'department' as const,
      scopeId: null,
      scopeValue: department,
    },
    ...(category
      ? [
          {
            name: `${category.name} (monthly)`,
            period: 'monthly' as const,
            scope: 'category' as const,
            scopeId: category.id,
            scopeValue: null,
          },
        ]
      : []),
  ];
  for (const [i, plan] of plans.entries()) {
    // Size from the period's spend: 20% headroom, about to be exceeded (actual at ~92%), 50% headroom.
    const probe = { ...base, ...plan, id: '00000000-0000-0000-0000-000000000000', amountMinor: 1 };
    const status = await budgetStatus(db, orgId, probe, today, {
      currency: org?.currency ?? currency,
      fiscalYearStartMonth: fiscal,
    });
    const amountMinor =
      i === 1
        ? roundUp(Math.max(status.actualMinor / 0.92, 100_00), 100_00)
        : roundUp(Math.max(status.forecastMinor, 1000_00) * (i === 0 ? 1.2 : 1.5), 1000_00);
    await db.insert(budgets).values({ ...base, ...plan, amountMinor });
  }
}
