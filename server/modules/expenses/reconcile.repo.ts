import { and, asc, inArray, isNotNull, ne } from 'drizzle-orm';
import type { BillingCycle } from '../../../common/billing';
import type { DbOrTx } from '../../db/client';
import { priceChangesOf, subscriptionsOf } from '../subscriptions';
import type { ReconcileApp } from './reconcile';

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
