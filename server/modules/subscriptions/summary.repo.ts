import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SPENDING_STATUSES } from '../../../common/contracts/subscriptions';
import { RENEWING_STATUSES } from '../../../common/renewal-window';
import type { DbOrTx } from '../../db/client';
import { renewalCalendar, subscriptions, subscriptionTotals } from '../../db/schema';

// The dashboard's reads, each bounded whatever the organization's size: the rollups the subscriptions
// triggers keep (subscription_totals, renewal_calendar) and an index-ordered page.

/** Live active and trial applications and their spend, per currency (the caller converts). */
export function liveSpendByCurrency(db: DbOrTx, orgId: string) {
  const t = subscriptionTotals;
  return db
    .select({
      currency: t.currency,
      count: sql<number>`sum(${t.count})::int`,
      monthlyMinor: sql<number>`sum(${t.monthlyMinor})`.mapWith(Number),
      annualMinor: sql<number>`sum(${t.annualMinor})`.mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.archived, false), inArray(t.status, [...SPENDING_STATUSES])))
    .groupBy(t.currency)
    .having(sql`sum(${t.count}) > 0`)
    .orderBy(asc(t.currency));
}

/** The renewal calendar's rows from `from` to `to`: at most one day's worth per date, whatever the size. */
export function renewalCalendarBetween(db: DbOrTx, orgId: string, from: string, to: string) {
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

/** The first `limit` live renewing applications from `from` to `to` in (date, name) order, read from subscriptions_org_upcoming_idx. */
export function firstRenewalsBetween(db: DbOrTx, orgId: string, from: string, to: string, limit: number) {
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
      ),
    )
    .orderBy(asc(s.nextRenewalDate), asc(s.name), asc(s.id))
    .limit(limit);
}
