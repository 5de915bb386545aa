import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { SPENDING_STATUSES } from '../../../common/contracts/subscriptions';
import { addDays, daysUntil, todayInTimeZone } from '../../../common/dates';
import { cancelByDate } from '../../../common/billing';
import { subscriptions } from '../../db/schema';
import type { RequestContext, ServiceDeps } from '../../types';
import { logoUrlFor } from '../catalog/catalog-lookup';

const UPCOMING_DAYS = 30;
const NEXT_RENEWALS_SHOWN = 5;

/** The dashboard's headline numbers: applications, spend, renewals in the next 30 days. */
export async function dashboardSummary(deps: ServiceDeps, ctx: RequestContext) {
  const today = todayInTimeZone(deps.clock.now());
  const horizon = addDays(today, UPCOMING_DAYS - 1);
  const s = subscriptions;
  const live = and(eq(s.organizationId, ctx.orgId), isNull(s.archivedAt));
  const spending = sql`${s.status} in (${sql.join(
    SPENDING_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  )})`;
  const ownCurrency = sql`${s.currency} = ${ctx.org.currency}`;
  const upcoming = sql`${s.nextRenewalDate} between ${today}::date and ${horizon}::date and ${s.status} <> 'cancelled'`;
  const [totals] = await deps.db
    .select({
      applications: sql<number>`count(*)::int`,
      monthly:
        sql<number>`coalesce(sum(case when ${spending} and ${ownCurrency} then ${s.monthlyCostMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
      annual:
        sql<number>`coalesce(sum(case when ${spending} and ${ownCurrency} then ${s.annualCostMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
      upcoming: sql<number>`count(*) filter (where ${upcoming})::int`,
      upcomingCost:
        sql<number>`coalesce(sum(case when ${upcoming} and ${ownCurrency} then ${s.amountMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(s)
    .where(live);
  const next = await deps.db
    .select()
    .from(s)
    .where(and(live, upcoming))
    .orderBy(asc(s.nextRenewalDate), asc(s.name))
    .limit(NEXT_RENEWALS_SHOWN);
  return {
    applications: totals?.applications ?? 0,
    monthlySpendMinor: totals?.monthly ?? 0,
    annualSpendMinor: totals?.annual ?? 0,
    currency: ctx.org.currency,
    upcomingRenewals: totals?.upcoming ?? 0,
    renewalsNext30DaysMinor: totals?.upcomingCost ?? 0,
    nextRenewals: next.map((row) => ({
      id: row.id,
      name: row.name,
      catalogSlug: row.catalogSlug,
      logoUrl: logoUrlFor(row.catalogSlug),
      nextRenewalDate: row.nextRenewalDate!,
      daysUntilRenewal: daysUntil(row.nextRenewalDate!, today),
      cancelByDate: cancelByDate(row.nextRenewalDate!, row.noticePeriodDays),
      autoRenew: row.autoRenew,
      costPerCycleMinor: row.amountMinor,
      currency: row.currency,
    })),
  };
}
