import { hasLiveStatus, isLiveApplication } from '../../db/live-applications';
import { and, asc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BillingCycle } from '../../../common/billing';
import type { AllocationFilter } from '../../../common/contracts/entities';
import type { DbOrTx } from '../../db/client';
import { renewalCalendar, subscriptions, subscriptionTotals } from '../../db/schema';
import { allocatedTo, allocationWeighted, hasAllocationFilter } from '../entities';
import { convertedMinor } from '../fx-rates';

// The dashboard's reads, each bounded whatever the organization's size: the rollups the subscriptions
// triggers keep (subscription_totals, renewal_calendar) and an index-ordered page. The rollups do not
// know allocations: an entity/brand filter reads the applications themselves instead.

/**
 * Live active and trial applications and their spend, per currency; with `convertTo`, each sum also
 * converted into that currency at the rates of its day in the same statement (convertedSpendOf
 * reads them; null otherwise).
 */
export function liveSpendByCurrency(
  db: DbOrTx,
  orgId: string,
  filter: AllocationFilter = {},
  convertTo?: { currency: string; on: string },
) {
  const converted = (currency: AnyColumn) => (amount: SQL) =>
    convertTo
      ? convertedMinor(orgId, amount, currency, convertTo.currency, convertTo.on)
      : sql<string | null>`null::text`;
  if (hasAllocationFilter(filter))
    return scannedLiveSpendByCurrency(db, orgId, filter, converted(subscriptions.currency));
  const t = subscriptionTotals;
  const convert = converted(t.currency);
  const monthly = sql`sum(${t.monthlyMinor})`;
  const annual = sql`sum(${t.annualMinor})`;
  return db
    .select({
      currency: t.currency,
      count: sql<number>`sum(${t.count})::int`,
      monthlyMinor: sql<number>`${monthly}`.mapWith(Number),
      annualMinor: sql<number>`${annual}`.mapWith(Number),
      monthlyConverted: convert(monthly),
      annualConverted: convert(annual),
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.archived, false), hasLiveStatus(t)))
    .groupBy(t.currency)
    .having(sql`sum(${t.count}) > 0`)
    .orderBy(asc(t.currency));
}

/**
 * The same from the applications themselves, cut by entity/brand (the rollup knows no allocation):
 * each counts with its share there, so a split application is never counted twice.
 */
function scannedLiveSpendByCurrency(
  db: DbOrTx,
  orgId: string,
  filter: AllocationFilter,
  convert: (amount: SQL) => SQL<string | null>,
) {
  const s = subscriptions;
  const share = allocationWeighted(orgId, 'subscription', s.id, filter);
  const monthly = sql`sum(${share(s.monthlyCostMinor)})`;
  const annual = sql`sum(${share(s.annualCostMinor)})`;
  return db
    .select({
      currency: s.currency,
      count: sql<number>`count(*)::int`,
      monthlyMinor: sql<number>`${monthly}`.mapWith(Number),
      annualMinor: sql<number>`${annual}`.mapWith(Number),
      monthlyConverted: convert(monthly),
      annualConverted: convert(annual),
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        isLiveApplication(s),
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    )
    .groupBy(s.currency)
    .orderBy(asc(s.currency));
}

/** The renewal calendar's rows from `from` to `to`: at most one day's worth per date, whatever the size. */
export function renewalCalendarBetween(
  db: DbOrTx,
  orgId: string,
  from: string,
  to: string,
  filter: AllocationFilter = {},
) {
  if (hasAllocationFilter(filter)) return scannedRenewalCalendar(db, orgId, from, to, filter);
  const c = renewalCalendar;
  return db
    .select({
      renewalDate: c.renewalDate,
      currency: c.currency,
      billingCycle: c.billingCycle,
      intervalMonths: c.intervalMonths,
      anchorDay: c.anchorDay,
      chargesFrom: c.chargesFrom,
      count: c.count,
      cycleCostMinor: c.cycleCostMinor,
      /** Null: a calendar row sums applications. */
      subscriptionId: sql<string | null>`null::text`,
    })
    .from(c)
    .where(
      and(
        eq(c.organizationId, orgId),
        sql`${c.renewalDate} between ${from}::date and ${to}::date`,
        ne(c.count, 0),
      ),
    );
}

/**
 * The calendar's rows computed from the filtered applications, as the migration 0017 triggers do,
 * one row per application (`subscriptionId`), so the caller can count each by its allocated share.
 */
function scannedRenewalCalendar(
  db: DbOrTx,
  orgId: string,
  from: string,
  to: string,
  filter: AllocationFilter,
) {
  const s = subscriptions;
  const intervalMonths = sql<number>`(case when ${s.billingCycle} = 'multi-year' then coalesce(${s.intervalMonths}, 0) else 0 end)`;
  const anchorDay = sql<number>`renewal_anchor_day(${s.nextRenewalDate}, ${s.startDate})`;
  const chargesFrom = sql<string>`greatest(${s.nextRenewalDate}, ${s.startDate})::text`;
  return db
    .select({
      renewalDate: sql<string>`${s.nextRenewalDate}::text`,
      currency: s.currency,
      billingCycle: s.billingCycle,
      intervalMonths,
      anchorDay,
      chargesFrom,
      count: sql<number>`count(*)::int`,
      cycleCostMinor:
        sql<number>`sum(renewal_cycle_cost_minor(${s.pricingModel}, ${s.amountMinor}, ${s.seats}, ${s.unitPriceMinor}))`.mapWith(
          Number,
        ),
      subscriptionId: sql<string | null>`${s.id}::text`,
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        isLiveApplication(s),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    )
    .groupBy(s.id, s.nextRenewalDate, s.currency, s.billingCycle, intervalMonths, anchorDay, chargesFrom);
}

/** The first `limit` live renewing applications from `from` to `to` in (date, name) order (only those on `cycles` when given), read from subscriptions_org_upcoming_idx. */
export function firstRenewalsBetween(
  db: DbOrTx,
  orgId: string,
  from: string,
  to: string,
  limit: number,
  filter: AllocationFilter = {},
  cycles?: readonly string[],
) {
  const s = subscriptions;
  return db
    .select({
      id: s.id,
      name: s.name,
      catalogSlug: s.catalogSlug,
      currency: s.currency,
      nextRenewalDate: s.nextRenewalDate,
      noticePeriodDays: s.noticePeriodDays,
      autoRenew: s.autoRenew,
      pricingModel: s.pricingModel,
      amountMinor: s.amountMinor,
      seats: s.seats,
      unitPriceMinor: s.unitPriceMinor,
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        isLiveApplication(s),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
        cycles ? inArray(s.billingCycle, [...cycles] as BillingCycle[]) : undefined,
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    )
    .orderBy(asc(s.nextRenewalDate), asc(s.name), asc(s.id))
    .limit(limit);
}
