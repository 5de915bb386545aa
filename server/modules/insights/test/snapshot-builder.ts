// One small factory for hand-made snapshots, shared by every detector test: sensible defaults (a
// USD organization on 2026-11-25, live monthly per-seat applications), overrides where a test cares.
import { findCatalogApp } from '../../../../common/catalog';
import { catalogFunctionsOf } from '../../../../common/catalog/functions';
import { merchantKind } from '../../../../common/catalog/merchant-kind';
import { addDays } from '../../../../common/dates';
import type {
  InsightSnapshot,
  SnapshotApplication,
  SnapshotAssignment,
  SnapshotCharge,
  SnapshotPerson,
  SnapshotPool,
  SnapshotPriceChange,
  SnapshotRecurringCharge,
  SnapshotRenewalDecision,
} from '../snapshot';

export const TODAY = '2026-11-25';
export const daysAgo = (n: number) => addDays(TODAY, -n);

export function snapshotBuilder(currency = 'USD') {
  let n = 0;
  const id = (prefix: string) => `${prefix}-${++n}`;
  const s: InsightSnapshot = {
    organization: { id: 'org-1', currency, today: TODAY },
    applications: [],
    pools: [],
    assignments: [],
    people: [],
    priceChanges: [],
    renewalDecisions: [],
    charges: [],
    recurringUnmatched: [],
    catalog: {},
  };
  const builder = {
    snapshot: s,
    app(over: Partial<SnapshotApplication> = {}): SnapshotApplication {
      const app: SnapshotApplication = {
        id: id('app'),
        name: 'Tool',
        catalogSlug: null,
        vendorId: null,
        vendorName: null,
        status: 'active',
        archived: false,
        billingCycle: 'monthly',
        intervalMonths: null,
        pricingModel: 'per-seat',
        seats: 10,
        unitPriceMinor: 1200,
        amountMinor: 12_000,
        annualCostMinor: 144_000,
        currency,
        startDate: daysAgo(400),
        nextRenewalDate: addDays(TODAY, 200),
        noticePeriodDays: 0,
        autoRenew: true,
        cancelledOn: null,
        owner: { userId: 'user-1', name: 'Olivia Owner', email: 'olivia@example.com', isMember: true },
        department: null,
        createdDate: daysAgo(400),
        ...over,
      };
      s.applications.push(app);
      if (app.catalogSlug && !s.catalog[app.catalogSlug]) builder.catalogEntry(app.catalogSlug);
      return app;
    },
    catalogEntry(slug: string) {
      const entry = findCatalogApp(slug);
      if (!entry) throw new Error(`No catalogue app ${slug}`);
      s.catalog[slug] = { ...entry, functions: catalogFunctionsOf(slug), prices: entry.prices ?? [] };
    },
    /** The shipped entry with every price confirmed and observed today: for tests of the savings rules, not of the data. */
    confirmedCatalogEntry(slug: string) {
      builder.catalogEntry(slug);
      const entry = s.catalog[slug];
      entry.prices = entry.prices.map((p) => ({ ...p, confirmed: true, observedOn: s.organization.today }));
    },
    pool(app: SnapshotApplication, over: Partial<SnapshotPool> = {}): SnapshotPool {
      const pool: SnapshotPool = {
        id: id('pool'),
        applicationId: app.id,
        tierName: 'Standard',
        seats: app.seats,
        unitPriceMinor: app.unitPriceMinor ?? 0,
        billingCycle: app.billingCycle,
        intervalMonths: app.intervalMonths,
        currency: app.currency,
        ...over,
      };
      s.pools.push(pool);
      return pool;
    },
    person(over: Partial<SnapshotPerson> = {}): SnapshotPerson {
      const pid = id('person');
      const person: SnapshotPerson = {
        id: pid,
        name: `Person ${pid}`,
        email: `${pid}@example.com`,
        status: 'active',
        department: null,
        endDate: null,
        ...over,
      };
      s.people.push(person);
      return person;
    },
    /** A seat held by a (new, unless given) person; active yesterday unless told otherwise. */
    seat(
      pool: SnapshotPool,
      over: Partial<SnapshotAssignment> & { person?: SnapshotPerson } = {},
    ): SnapshotAssignment {
      const { person = builder.person(), ...rest } = over;
      const seat: SnapshotAssignment = {
        id: id('seat'),
        poolId: pool.id,
        applicationId: pool.applicationId,
        personId: person.id,
        assignedDate: daysAgo(300),
        lastActiveDate: daysAgo(1),
        signal: 'usage',
        ...rest,
      };
      s.assignments.push(seat);
      return seat;
    },
    /** `count` seats idle for `idleDays` days. */
    idleSeats(pool: SnapshotPool, count: number, idleDays = 90, over: Partial<SnapshotAssignment> = {}) {
      return Array.from({ length: count }, () =>
        builder.seat(pool, { lastActiveDate: daysAgo(idleDays), ...over }),
      );
    },
    priceChange(app: SnapshotApplication, over: Partial<SnapshotPriceChange> = {}): SnapshotPriceChange {
      const price = {
        pricingModel: app.pricingModel,
        billingCycle: app.billingCycle,
        intervalMonths: app.intervalMonths,
        amountMinor: app.amountMinor,
        seats: app.seats,
        unitPriceMinor: app.unitPriceMinor,
        currency: app.currency,
      };
      const change: SnapshotPriceChange = {
        id: id('change'),
        applicationId: app.id,
        effectiveDate: daysAgo(20),
        previous: price,
        current: price,
        ...over,
      };
      s.priceChanges.push(change);
      return change;
    },
    decision(over: SnapshotRenewalDecision) {
      s.renewalDecisions.push(over);
    },
    charge(app: SnapshotApplication, over: Partial<SnapshotCharge> = {}): SnapshotCharge {
      const charge: SnapshotCharge = {
        expenseId: id('expense'),
        applicationId: app.id,
        date: daysAgo(5),
        amountMinor: app.amountMinor,
        currency: app.currency,
        merchant: app.name.toUpperCase(),
        overExpectedPercent: null,
        ...over,
      };
      s.charges.push(charge);
      return charge;
    },
    recurring(over: Partial<SnapshotRecurringCharge> = {}): SnapshotRecurringCharge {
      const charge: SnapshotRecurringCharge = {
        merchantKey: id('MERCHANT'),
        name: 'Some Service',
        sampleMerchant: 'SOME SERVICE',
        category: null,
        // As discovery judges the merchant (a test may say otherwise).
        kind: merchantKind(over.sampleMerchant ?? 'SOME SERVICE', over.category ?? null),
        catalogSlug: null,
        cycle: 'monthly',
        amountMinor: 5000,
        currency,
        occurrences: 6,
        firstDate: daysAgo(170),
        lastDate: daysAgo(5),
        ...over,
      };
      if (charge.catalogSlug && !s.catalog[charge.catalogSlug]) builder.catalogEntry(charge.catalogSlug);
      s.recurringUnmatched.push(charge);
      return charge;
    },
  };
  return builder;
}
