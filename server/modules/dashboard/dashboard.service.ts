import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SPENDING_STATUSES } from '../../../common/contracts/subscriptions';
import { cancelByDate } from '../../../common/billing';
import { daysUntil, todayInTimeZone } from '../../../common/dates';
import {
  dueInWindowMinor,
  RENEWING_STATUSES,
  renewalWindow,
  UPCOMING_RENEWAL_DAYS,
} from '../../../common/renewal-window';
import { renewalCalendar, subscriptions, subscriptionTotals } from '../../db/schema';
import type { RequestContext, ServiceDeps } from '../../types';
import { logoUrlFor } from '../catalog';
import { cycleCostOf } from '../renewals';
import { cachedSummary } from './summary-cache';

const NEXT_RENEWALS_SHOWN = 5;

/**
 * The dashboard's headline numbers, each with the one definition the other screens use:
 * applications active or on trial; spend of those in the organization's currency (stored minor
 * units, summed once); renewals in the next 30 days (common/renewal-window.ts) and what they charge.
 * Cached per organization under its applications' version, today and its currency (summary-cache.ts).
 */
export async function dashboardSummary(deps: ServiceDeps, ctx: RequestContext) {
  const today = todayInTimeZone(deps.clock.now());
  if (ctx.subscriptionsVersion === undefined) return computeSummary(deps, ctx, today);
  const key = `${ctx.subscriptionsVersion}|${today}|${ctx.org.currency}`;
  return cachedSummary(deps, ctx.orgId, key, () => computeSummary(deps, ctx, today));
}

async function computeSummary(deps: ServiceDeps, ctx: RequestContext, today: string) {
  const { from, to } = renewalWindow(today, UPCOMING_RENEWAL_DAYS);
  const s = subscriptions;
  // Counts and spend from the rollup the subscriptions triggers keep: no scan of the organization.
  const t = subscriptionTotals;
  const ownCurrency = eq(t.currency, ctx.org.currency);
  const totalsQuery = deps.db
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
      and(eq(t.organizationId, ctx.orgId), eq(t.archived, false), inArray(t.status, [...SPENDING_STATUSES])),
    );
  // Renewals in the window and what they charge: at most 30 days of calendar rows, whatever the size.
  const c = renewalCalendar;
  const calendarQuery = deps.db
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
        eq(c.organizationId, ctx.orgId),
        sql`${c.renewalDate} between ${from}::date and ${to}::date`,
        ne(c.count, 0),
      ),
    );
  // The first few in (date, name) order, read straight from subscriptions_org_upcoming_idx.
  const nextQuery = deps.db
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
        eq(s.organizationId, ctx.orgId),
        isNull(s.archivedAt),
        inArray(s.status, [...RENEWING_STATUSES]),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(asc(s.nextRenewalDate), asc(s.name), asc(s.id))
    .limit(NEXT_RENEWALS_SHOWN);
  // Independent reads: on PostgreSQL they run on pooled connections at once.
  const [[totals], calendar, next] = await Promise.all([totalsQuery, calendarQuery, nextQuery]);
  let upcomingRenewals = 0;
  let dueMinor = 0;
  for (const day of calendar) {
    upcomingRenewals += day.count;
    if (day.currency !== ctx.org.currency) continue;
    // Every application of a calendar row charges on the same dates in the window.
    dueMinor += dueInWindowMinor(
      {
        nextRenewalDate: day.renewalDate,
        billingCycle: day.billingCycle,
        intervalMonths: day.intervalMonths === 0 ? null : day.intervalMonths,
        startDate: day.chargesFrom,
        anchorDay: day.anchorDay,
        costPerCycleMinor: day.cycleCostMinor,
      },
      today,
      UPCOMING_RENEWAL_DAYS,
    );
  }
  return {
    applications: totals?.applications ?? 0,
    monthlySpendMinor: totals?.monthly ?? 0,
    annualSpendMinor: totals?.annual ?? 0,
    currency: ctx.org.currency,
    upcomingRenewals,
    renewalsNext30DaysMinor: dueMinor,
    nextRenewals: next.map((row) => ({
      id: row.id,
      name: row.name,
      catalogSlug: row.catalogSlug,
      logoUrl: logoUrlFor(row.catalogSlug),
      nextRenewalDate: row.nextRenewalDate!,
      daysUntilRenewal: daysUntil(row.nextRenewalDate!, today),
      cancelByDate: cancelByDate(row.nextRenewalDate!, row.noticePeriodDays),
      autoRenew: row.autoRenew,
      costPerCycleMinor: cycleCostOf(row),
      currency: row.currency,
    })),
  };
}
