import { cancelByDate } from '../../../common/billing';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { daysUntil, todayInTimeZone } from '../../../common/dates';
import { allocatedPartMinor } from '../../../common/allocation';
import {
  CONTRACT_RENEWAL_CYCLES,
  dueInWindowMinor,
  isContractRenewal,
  renewalWindow,
  UPCOMING_RENEWAL_DAYS,
} from '../../../common/renewal-window';
import type { RequestContext, ServiceDeps } from '../../types';
import { logoUrlFor } from '../catalog';
import { hasAllocationFilter, sharesFor } from '../entities';
import { convertedSpendOf, convertEach } from '../fx-rates';
import { cycleCostOf } from '../renewals';
import { firstRenewalsBetween, liveSpendByCurrency, renewalCalendarBetween } from '../subscriptions';

const NEXT_RENEWALS_SHOWN = 5;

/**
 * The dashboard's headline numbers, each with the one definition the other screens use:
 * applications active or on trial; spend of those in the organization's currency (stored minor
 * units, summed once) and with other currencies converted at today's rates; in the next 30 days
 * (common/renewal-window.ts), contract renewals (annual and multi-year: decisions) and recurring
 * charges (weekly to semi-annual) counted apart, each with what it charges in those days.
 * The route serves it from the server's cache while the organization's version holds
 * (server/lib/versioned-cache.ts); cut by entity/brand, it reads the applications instead and counts
 * each by its allocated share (common/allocation.ts `allocatedPartMinor`), so entities add up.
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
    liveSpendByCurrency(deps.db, ctx.orgId, filter, { currency: ctx.org.currency, on: today }),
    renewalCalendarBetween(deps.db, ctx.orgId, from, to, filter),
    firstRenewalsBetween(deps.db, ctx.orgId, from, to, NEXT_RENEWALS_SHOWN, filter, CONTRACT_RENEWAL_CYCLES),
  ]);
  const filtered = hasAllocationFilter(filter);
  const converted = convertedSpendOf(spend, ctx.org.currency);
  const shares = filtered
    ? await sharesFor(
        deps.db,
        ctx.orgId,
        'subscription',
        calendar.flatMap((day) => (day.subscriptionId ? [day.subscriptionId] : [])),
      )
    : null;
  const own = spend.find((s) => s.currency === ctx.org.currency);
  const contract = { count: 0, dueMinor: 0 };
  const recurring = { count: 0, dueMinor: 0 };
  const part = (amountMinor: number, subscriptionId: string | null) =>
    shares && subscriptionId
      ? allocatedPartMinor(amountMinor, shares.get(subscriptionId) ?? [], filter)
      : amountMinor;
  // Charges in other currencies convert at today's rate (as the Renewals page's), then split.
  const foreign: Array<{
    currency: string;
    amountMinor: number;
    sums: typeof contract;
    subscriptionId: string | null;
  }> = [];
  for (const day of calendar) {
    const sums = isContractRenewal(day.billingCycle) ? contract : recurring;
    sums.count += day.count;
    // Every application of a calendar row charges on the same dates in the window.
    const dueMinor = dueInWindowMinor(
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
    if (day.currency === ctx.org.currency) sums.dueMinor += part(dueMinor, day.subscriptionId);
    else
      foreign.push({
        currency: day.currency,
        amountMinor: dueMinor,
        sums,
        subscriptionId: day.subscriptionId,
      });
  }
  if (foreign.length > 0) {
    const inOrgCurrency = await convertEach(deps.db, ctx.orgId, foreign, ctx.org.currency, today);
    foreign.forEach((charge, i) => {
      const minor = inOrgCurrency[i];
      // No rate today: left out, as the spend figures leave it out (listed in `converted`).
      if (minor !== null && minor !== undefined) charge.sums.dueMinor += part(minor, charge.subscriptionId);
    });
  }
  return {
    applications: spend.reduce((sum, s) => sum + s.count, 0),
    monthlySpendMinor: own?.monthlyMinor ?? 0,
    annualSpendMinor: own?.annualMinor ?? 0,
    currency: ctx.org.currency,
    converted,
    upcomingRenewals: contract.count,
    renewalsNext30DaysMinor: contract.dueMinor,
    recurringCharges: recurring.count,
    recurringChargesNext30DaysMinor: recurring.dueMinor,
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
