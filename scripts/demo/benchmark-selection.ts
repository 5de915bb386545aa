// Starter benchmarks the applications of its choice, up to maxBenchmarkTools (3; issue 17). The demo
// chooses for it the ones it spends most on among those the catalogue has a list price for
// (confirmed prices first), so a Starter demo shows benchmarks at once. Stored whatever the plan:
// Growth and Scale ignore the choice, and it is there if the organization moves to Starter.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { isUsableForSavings } from '../../common/catalog/price-age';
import { findCatalogApp } from '../../common/catalog/search';
import { PLANS } from '../../common/plans';
import { subscriptions } from '../../server/db/schema';
import { isLiveApplication } from '../../server/db/live-applications';
import { saveSettings } from '../../server/modules/benchmarks/benchmarks.repo';
import type { DemoContext } from './context';
import { comparablePrices } from './peer-rows';

export async function generateBenchmarkSelection(ctx: DemoContext): Promise<void> {
  const apps = await ctx.db
    .select({ id: subscriptions.id, catalogSlug: subscriptions.catalogSlug })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, ctx.orgId),
        isNotNull(subscriptions.catalogSlug),
        isLiveApplication(subscriptions),
        inArray(subscriptions.pricingModel, ['per-seat', 'flat']),
      ),
    )
    .orderBy(desc(subscriptions.annualCostMinor), subscriptions.id);
  const listed = apps.flatMap((app) => {
    const catalog = findCatalogApp(app.catalogSlug!);
    const prices = catalog ? comparablePrices(catalog) : [];
    return prices.length > 0 ? [{ id: app.id, confirmed: prices.some((p) => isUsableForSavings(p)) }] : [];
  });
  // A stable sort: confirmed, current list prices first, each group by spend as selected.
  listed.sort((a, b) => Number(b.confirmed) - Number(a.confirmed));
  const chosen = listed.slice(0, PLANS.starter.maxBenchmarkTools).map((app) => app.id);
  await saveSettings(ctx.db, ctx.orgId, { selectedSubscriptionIds: chosen });
}
