import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SPENDING_STATUSES } from '../../../common/contracts/subscriptions';
import type { BillingCycle } from '../../../common/billing';
import { cancelByDate } from '../../../common/billing';
import { daysUntil, todayInTimeZone } from '../../../common/dates';
import {
  dueInWindowMinor,
  RENEWING_STATUSES,
  renewalWindow,
  UPCOMING_RENEWAL_DAYS,
} from '../../../common/renewal-window';
import { subscriptions, subscriptionTotals } from '../../db/schema';
import type { RequestContext, ServiceDeps } from '../../types';
import { logoUrlFor } from '../catalog';
import { cycleCostOf } from '../renewals';

const NEXT_RENEWALS_SHOWN = 5;

/**
 * The dashboard's headline numbers, each with the one definition the other screens use:
 * applications active or on trial; spend of those in the organization's currency (stored minor
 * units, summed once); renewals in the next 30 days (common/renewal-window.ts) and what they charge.
 */
export async function dashboardSummary(deps: ServiceDeps, ctx: RequestContext) {
  const today = todayInTimeZone(deps.clock.now());
  const { from, to } = renewalWindow(today, UPCOMING_RENEWAL_DAYS);
  const s = subscriptions;
  const live = and(eq(s.organizationId, ctx.orgId), isNull(s.archivedAt));
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
  // Only the columns the figures need: a month's renewals grow with the organization.
  const upcomingQuery = deps.db
    .select({
      id: s.id,
      name: s.name,
      catalogSlug: s.catalogSlug,
      currency: s.currency,
      nextRenewalDate: s.nextRenewalDate,
      billingCycle: s.billingCycle,
      intervalMonths: s.intervalMonths,
      startDate: s.startDate,
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
        live,
        inArray(s.status, [...RENEWING_STATUSES]),
        sql`${s.nextRenewalDate} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(asc(s.nextRenewalDate), asc(s.name));
  // Independent reads: on PostgreSQL they run on two pooled connections at once.
  const [[totals], upcoming] = await Promise.all([totalsQuery, upcomingQuery]);
  const dueMinor = upcoming
    .filter((row) => row.currency === ctx.org.currency)
    .reduce(
      (sum, row) =>
        sum +
        dueInWindowMinor(
          {
            nextRenewalDate: row.nextRenewalDate!,
            billingCycle: row.billingCycle as BillingCycle,
            intervalMonths: row.intervalMonths,
            startDate: row.startDate,
            costPerCycleMinor: cycleCostOf(row),
          },
          today,
          UPCOMING_RENEWAL_DAYS,
        ),
      0,
    );
  return {
    applications: totals?.applications ?? 0,
    monthlySpendMinor: totals?.monthly ?? 0,
    annualSpendMinor: totals?.annual ?? 0,
    currency: ctx.org.currency,
    upcomingRenewals: upcoming.length,
    renewalsNext30DaysMinor: dueMinor,
    nextRenewals: upcoming.slice(0, NEXT_RENEWALS_SHOWN).map((row) => ({
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
