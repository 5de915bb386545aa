// GET /api/export: the organization's data as one JSON document (or one workbook, data-workbook.ts).
// Later features add their sections to EXPORT_SECTIONS (one function per feature, like the demo
// generator).
import type { RequestContext, ServiceDeps } from '../../types';
import { listAllSubscriptions } from '../subscriptions';
import { loadPriceHistory, loadVendors, loadSettingsLists } from './data-export.repo';

export const loadApplications = (deps: ServiceDeps, ctx: RequestContext) =>
  listAllSubscriptions(deps, ctx, { archived: 'all', sort: 'name', order: 'asc' });

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
