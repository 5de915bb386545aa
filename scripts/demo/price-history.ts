// The demo's applications enter the price history when they are created; a generator that later
// reprices one as if it had always cost that (right-sizing seats, a negotiated rate) restates that
// first entry too, so expected charges, price rises and realised savings read the same price.
import { and, eq, isNull } from 'drizzle-orm';
import type { BillingCycle } from '../../common/billing';
import { subscriptionPriceChanges, type PriceTerms, type subscriptions } from '../../server/db/schema';
import { derivedCosts } from '../../server/modules/subscriptions/subscription-values';
import type { DemoContext } from './context';

type App = typeof subscriptions.$inferSelect;

/** An application's price terms, at `amountMinor` (its own amount unless said). */
export function termsOf(app: App, amountMinor = app.amountMinor): PriceTerms {
  const costs = derivedCosts({
    pricingModel: app.pricingModel as PriceTerms['pricingModel'],
    billingCycle: app.billingCycle as BillingCycle,
    intervalMonths: app.intervalMonths,
    amountMinor,
    seats: app.seats,
    unitPriceMinor: app.unitPriceMinor,
    currency: app.currency,
  });
  return {
    pricingModel: app.pricingModel as PriceTerms['pricingModel'],
    billingCycle: app.billingCycle as BillingCycle,
    intervalMonths: app.intervalMonths,
    amountMinor: costs.amountMinor,
    seats: app.seats,
    unitPriceMinor: app.unitPriceMinor,
    currency: app.currency,
    monthlyMinor: costs.monthlyCostMinor,
  };
}

/** The price history's first entry (the creation) says the application has cost this from the start. */
export async function restateOpeningTerms(ctx: Pick<DemoContext, 'db' | 'orgId'>, app: App): Promise<void> {
  await ctx.db
    .update(subscriptionPriceChanges)
    .set({ current: termsOf(app) })
    .where(
      and(
        eq(subscriptionPriceChanges.organizationId, ctx.orgId),
        eq(subscriptionPriceChanges.subscriptionId, app.id),
        isNull(subscriptionPriceChanges.previous),
      ),
    );
}
