import { cancelByDate } from '../../../common/billing';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { daysUntil, todayInTimeZone } from '../../../common/dates';
import { dueInWindowMinor, renewalWindow, UPCOMING_RENEWAL_DAYS } from '../../../common/renewal-window';
import type { RequestContext, ServiceDeps } from '../../types';
import { logoUrlFor } from '../catalog';
import { convertSpend } from '../fx-rates';
import { cycleCostOf } from '../renewals';
import { firstRenewalsBetween, liveSpendByCurrency, renewalCalendarBetween } from '../subscriptions';

const NEXT_RENEWALS_SHOWN = 5;

/**
 * The dashboard's headline numbers, each with the one definition the other screens use:
 * applications active or on trial; spend of those in the organization's currency (stored minor
 * units, summed once) and with other currencies converted at today's rates; renewals in the next 30 days (common/renewal-window.ts) and what they charge.
 * The route serves it from the server's cache while the organization's version holds
 * (server/lib/versioned-cache.ts); cut by entity/brand, it reads the applications instead.
 */
export async function dashboardSummary(
  deps: ServiceDeps,
  ctx: RequestContext,
  filter: AllocationFilter = {},
) {
  const today = todayInTimeZone(deps.clock.now());
  const { from, to } = renewalWindow(today, UPCOMING_RENEWAL_DAYS);
  // Independent reads: on PostgreSQL they run on pooled connections at once.
  const [spend, calendar, next] = await Promise.all([
    liveSpendByCurrency(deps.db, ctx.orgId, filter),
    renewalCalendarBetween(deps.db, ctx.orgId, from, to, filter),
    firstRenewalsBetween(deps.db, ctx.orgId, from, to, NEXT_RENEWALS_SHOWN, filter),
  ]);
  const converted = await convertSpend(deps.db, ctx.orgId, spend, ctx.org.currency, today);
  const own = spend.find((s) => s.currency === ctx.org.currency);
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
    applications: spend.reduce((sum, s) => sum + s.count, 0),
    monthlySpendMinor: own?.monthlyMinor ?? 0,
    annualSpendMinor: own?.annualMinor ?? 0,
    currency: ctx.org.currency,
    converted,
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
