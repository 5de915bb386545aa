// GET /api/export: the organization's data as one JSON document (or one workbook, data-workbook.ts).
// Later features add their sections to EXPORT_SECTIONS (one function per feature, like the demo
// generator).
import { asc } from 'drizzle-orm';
import { SETTINGS_LISTS } from '../../../common/contracts/settings-lists';
import type { RequestContext, ServiceDeps } from '../../types';
import { settingsItemsOf } from '../settings-lists';
import { listAllSubscriptions, priceChangesOf } from '../subscriptions';
import { vendorsOf } from '../vendors';

export const loadApplications = (deps: ServiceDeps, ctx: RequestContext) =>
  listAllSubscriptions(deps, ctx, { archived: 'all', sort: 'name', order: 'asc' });

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

export type ExportSection = (deps: ServiceDeps, ctx: RequestContext) => Promise<unknown>;

export const EXPORT_SECTIONS: Record<string, ExportSection> = {
  applications: loadApplications,
  priceHistory: loadPriceHistory,
  vendors: loadVendors,
  settings: loadSettingsLists,
};

export async function exportEverything(deps: ServiceDeps, ctx: RequestContext) {
  const { org } = ctx;
  const document: Record<string, unknown> = {
    format: 'stackwise-export',
    version: 1,
    exportedAt: deps.clock.now().toISOString(),
    organization: {
      id: org.id,
      name: org.name,
      currency: org.currency,
      fiscalYearStartMonth: org.fiscalYearStartMonth,
      companySize: org.companySize,
      subscriptionPlan: org.subscriptionPlan,
      setupProgress: org.setupProgress,
      createdAt: org.createdAt,
    },
  };
  for (const [name, section] of Object.entries(EXPORT_SECTIONS)) document[name] = await section(deps, ctx);
  return document;
}
