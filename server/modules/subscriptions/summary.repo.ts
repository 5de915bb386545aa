import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { SPENDING_STATUSES } from '../../../common/contracts/subscriptions';
import { RENEWING_STATUSES } from '../../../common/renewal-window';
import type { DbOrTx } from '../../db/client';
import { renewalCalendar, subscriptions, subscriptionTotals } from '../../db/schema';
import { allocatedTo, hasAllocationFilter } from '../entities';

// The dashboard's reads, each bounded whatever the organization's size: the rollups the subscriptions
// triggers keep (subscription_totals, renewal_calendar) and an index-ordered page. The rollups do not
// know allocations: an entity/brand filter reads the applications themselves instead.

/** Live active and trial applications, and their spend in `currency` (others are not converted). */
export async function liveSpendTotals(
  db: DbOrTx,
  orgId: string,
  currency: string,
  filter: AllocationFilter = {},
) {
  if (hasAllocationFilter(filter)) return scannedLiveSpendTotals(db, orgId, currency, filter);
  const t = subscriptionTotals;
  const ownCurrency = eq(t.currency, currency);
  const [totals] = await db
    .select({
      applications: sql<number>`coalesce(sum(${t.count}), 0)::int`,
      monthly:
        sql<number>`coalesce(sum(case when ${ownCurrency} then ${t.monthlyMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
      annual:
        sql<number>`coalesce(sum(case when ${ownCurrency} then ${t.annualMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(t)
    .where(
      and(eq(t.organizationId, orgId), eq(t.archived, false), inArray(t.status, [...SPENDING_STATUSES])),
    );
  return totals ?? { applications: 0, monthly: 0, annual: 0 };
}

async function scannedLiveSpendTotals(db: DbOrTx, orgId: string, currency: string, filter: AllocationFilter) {
  const s = subscriptions;
  const ownCurrency = eq(s.currency, currency);
  const [totals] = await db
    .select({
      applications: sql<number>`count(*)::int`,
      monthly:
        sql<number>`coalesce(sum(case when ${ownCurrency} then ${s.monthlyCostMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
      annual:
        sql<number>`coalesce(sum(case when ${ownCurrency} then ${s.annualCostMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        isNull(s.archivedAt),
        inArray(s.status, [...SPENDING_STATUSES]),
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    );
  return totals ?? { applications: 0, monthly: 0, annual: 0 };
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

/** The calendar's rows computed from the filtered applications, as the migration 0017 triggers do. */
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
    })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        isNull(s.archivedAt),
        inArray(s.status, [...RENEWING_STATUSES]),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    )
    .groupBy(s.nextRenewalDate, s.currency, s.billingCycle, intervalMonths, anchorDay, chargesFrom);
}

/** The first `limit` live renewing applications from `from` to `to` in (date, name) order, read from subscriptions_org_upcoming_idx. */
export function firstRenewalsBetween(
  db: DbOrTx,
  orgId: string,
  from: string,
  to: string,
  limit: number,
  filter: AllocationFilter = {},
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
        isNull(s.archivedAt),
        inArray(s.status, [...RENEWING_STATUSES]),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
        allocatedTo(orgId, 'subscription', s.id, filter),
      ),
    )
    .orderBy(asc(s.nextRenewalDate), asc(s.name), asc(s.id))
    .limit(limit);
}
