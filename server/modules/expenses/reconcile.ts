// Reconciliation of charges against what an application should cost: the expected charge at a date
// (price history aware), "more than X% above expected" and "charged after cancellation" flags.
import { and, asc, inArray, isNotNull, ne } from 'drizzle-orm';
import type { BillingCycle } from '../../../common/billing';
import type { DbOrTx } from '../../db/client';
import { priceChangesOf, subscriptionsOf } from '../subscriptions';

export interface ReconcileApp {
  id: string;
  name: string;
  ownerUserId: string | null;
  amountMinor: number;
  currency: string;
  status: string;
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  startDate: string | null;
  nextRenewalDate: string | null;
  /** Day it was cancelled (the application's own date); null unless cancelled. */
  cancelledOn: string | null;
  /** Price terms from each effective date on, ascending. */
  prices: Array<{ effectiveDate: string; amountMinor: number; currency: string }>;
}

export interface ChargeFlags {
  overExpectedPercent: number | null;
  chargedAfterCancellation: boolean;
}

const NO_FLAGS: ChargeFlags = { overExpectedPercent: null, chargedAfterCancellation: false };

/** The applications (all, or the given ids) with what reconciliation needs. */
export async function loadReconcileApps(
  db: DbOrTx,
  orgId: string,
  ids?: string[],
): Promise<Map<string, ReconcileApp>> {
  if (ids && ids.length === 0) return new Map();
  const subscriptions = subscriptionsOf(orgId);
  const subscriptionPriceChanges = priceChangesOf(orgId);
  const rows = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      ownerUserId: subscriptions.ownerUserId,
      amountMinor: subscriptions.amountMinor,
      currency: subscriptions.currency,
      status: subscriptions.status,
      billingCycle: subscriptions.billingCycle,
      intervalMonths: subscriptions.intervalMonths,
      startDate: subscriptions.startDate,
      nextRenewalDate: subscriptions.nextRenewalDate,
      cancelledOn: subscriptions.cancelledOn,
    })
    .from(subscriptions)
    .where(ids ? inArray(subscriptions.id, ids) : undefined);
  const prices = await db
    .select({
      subscriptionId: subscriptionPriceChanges.subscriptionId,
      effectiveDate: subscriptionPriceChanges.effectiveDate,
      current: subscriptionPriceChanges.current,
      previous: subscriptionPriceChanges.previous,
    })
    .from(subscriptionPriceChanges)
    .where(
      and(
        ids
          ? inArray(subscriptionPriceChanges.subscriptionId, ids)
          : isNotNull(subscriptionPriceChanges.subscriptionId),
        // What the charges showed is observed, not agreed: a charge over the terms stays flagged.
        ne(subscriptionPriceChanges.source, 'charge'),
      ),
    )
    .orderBy(asc(subscriptionPriceChanges.effectiveDate), asc(subscriptionPriceChanges.changedAt));
  const apps = new Map<string, ReconcileApp>();
  for (const row of rows) {
    const cancelledOn = row.status === 'cancelled' ? row.cancelledOn : null;
    apps.set(row.id, { ...row, billingCycle: row.billingCycle as BillingCycle, cancelledOn, prices: [] });
  }
  for (const change of prices) {
    const app = apps.get(change.subscriptionId);
    if (!app) continue;
    // Before the first recorded change, the terms it replaced (or its own, for a creation) applied.
    if (app.prices.length === 0) {
      const first = change.previous ?? change.current;
      app.prices.push({
        effectiveDate: '0000-01-01',
        amountMinor: first.amountMinor,
        currency: first.currency,
      });
    }
    app.prices.push({
      effectiveDate: change.effectiveDate,
      amountMinor: change.current.amountMinor,
      currency: change.current.currency,
    });
  }
  return apps;
}

/** The cost per cycle in force on a date. */
export function expectedChargeAt(app: ReconcileApp, date: string): { amountMinor: number; currency: string } {
  let terms = { amountMinor: app.amountMinor, currency: app.currency };
  if (app.prices.length > 0) {
    for (const price of app.prices) if (price.effectiveDate <= date) terms = price;
  }
  return terms;
}

/** Flags of one charge against its application; refunds and other currencies are never flagged. */
export function chargeFlags(
  app: ReconcileApp | undefined,
  charge: { date: string; amountMinor: number; currency: string },
  tolerancePercent: number,
): ChargeFlags {
  if (!app || charge.amountMinor <= 0) return NO_FLAGS;
  const expected = expectedChargeAt(app, charge.date);
  let overExpectedPercent: number | null = null;
  if (expected.amountMinor > 0 && expected.currency === charge.currency) {
    const over = ((charge.amountMinor - expected.amountMinor) * 100) / expected.amountMinor;
    if (over > tolerancePercent) overExpectedPercent = Math.floor(over);
  }
  return {
    overExpectedPercent,
    chargedAfterCancellation: app.cancelledOn !== null && charge.date > app.cancelledOn,
  };
}
