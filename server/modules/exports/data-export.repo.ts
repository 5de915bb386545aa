// The export's reads of other owners' rows, through their join-able subqueries.
import { asc } from 'drizzle-orm';
import { SETTINGS_LISTS } from '../../../common/contracts/settings-lists';
import type { RequestContext, ServiceDeps } from '../../types';
import { settingsItemsOf } from '../settings-lists';
import { priceChangesOf } from '../subscriptions';
import { vendorsOf } from '../vendors';

export async function loadPriceHistory(deps: ServiceDeps, ctx: RequestContext) {
  const changes = priceChangesOf(ctx.orgId);
  return deps.db.select().from(changes).orderBy(asc(changes.changedAt));
}

export async function loadVendors(deps: ServiceDeps, ctx: RequestContext) {
  const vendors = vendorsOf(ctx.orgId);
  return deps.db.select().from(vendors).orderBy(asc(vendors.name));
}

/** Each settings list (categories, tags, …) by name. */
export async function loadSettingsLists(deps: ServiceDeps, ctx: RequestContext) {
  const lists: Record<
    string,
    Array<{ id: string; name: string; color: string | null; createdAt: Date }>
  > = {};
  for (const list of SETTINGS_LISTS) {
    const items = settingsItemsOf(ctx.orgId, list, 'items');
    lists[list] = await deps.db
      .select({ id: items.id, name: items.name, color: items.color, createdAt: items.createdAt })
      .from(items)
      .orderBy(asc(items.name));
  }
  return lists;
}
