import { displayName } from '../../../common/display-name';
import type { z } from 'zod';
import type {
  listSubscriptionsQuery,
  subscriptionFilterQuery,
} from '../../../common/contracts/subscriptions';
import type { PriceTerms } from '../../db/schema';
import { notFound } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { convertedSpendOf } from '../fx-rates';
import * as repo from './subscriptions.repo';
import { presentMany } from './subscriptions.present';
import { priceTerms } from './subscription-values';
import { todayInTimeZone } from '../../../common/dates';

type ListQuery = z.output<typeof listSubscriptionsQuery>;
type FilterQuery = z.output<typeof subscriptionFilterQuery>;

/**
 * The filtered set's count and spend: in the organization's currency, converted into it at today's
 * rates, and every currency apart.
 */
export async function subscriptionTotals(deps: ServiceDeps, ctx: RequestContext, filter: FilterQuery) {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.totalsByCurrency(deps.db, ctx.orgId, filter, today, ctx.org.currency);
  const converted = convertedSpendOf(rows, ctx.org.currency);
  const byCurrency = rows.map(({ currency, count, monthlyMinor, annualMinor }) => ({
    currency,
    count,
    monthlyMinor,
    annualMinor,
  }));
  const own = byCurrency.find((t) => t.currency === ctx.org.currency);
  return {
    count: byCurrency.reduce((sum, t) => sum + t.count, 0),
    monthlyMinor: own?.monthlyMinor ?? 0,
    annualMinor: own?.annualMinor ?? 0,
    currency: ctx.org.currency,
    converted,
    byCurrency,
  };
}

export async function listSubscriptionsPage(deps: ServiceDeps, ctx: RequestContext, query: ListQuery) {
  const today = todayInTimeZone(deps.clock.now());
  // Independent reads: on PostgreSQL they run on two pooled connections at once.
  const [rows, totals] = await Promise.all([
    repo.listSubscriptionsPage(deps.db, ctx.orgId, query, today, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    subscriptionTotals(deps, ctx, query),
  ]);
  return {
    items: await presentMany(deps.db, ctx.orgId, rows, today),
    total: totals.count,
    page: query.page,
    pageSize: query.pageSize,
    totals,
  };
}

/** Every application matching the filter (exports), presented. */
export async function listAllSubscriptions(
  deps: ServiceDeps,
  ctx: Pick<RequestContext, 'orgId'>,
  filter: FilterQuery,
) {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.listAllSubscriptions(deps.db, ctx.orgId, filter, today);
  return presentMany(deps.db, ctx.orgId, rows, today);
}

async function loadRow(deps: ServiceDeps, orgId: string, id: string) {
  const row = await repo.findJoined(deps.db, orgId, id);
  if (!row) throw notFound('Application');
  return row;
}

const withMonthly = (t: PriceTerms) => ({ ...t, monthlyMinor: t.monthlyMinor ?? 0 });

/**
 * Price changes, newest first, ending with the first price. Applications created one by one record
 * that first price; imported ones do not (see storeCandidates), so it is rebuilt from the oldest
 * change's "from" or, with no changes, from the application itself.
 */
export async function priceHistory(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await loadRow(deps, ctx.orgId, id);
  const rows = await repo.listPriceChanges(deps.db, ctx.orgId, id);
  const entries = rows.map(({ change, ...user }) => ({
    id: change.id,
    effectiveDate: change.effectiveDate,
    changedAt: change.changedAt,
    userId: change.changedBy,
    userName: change.changedBy ? displayName(user) || null : null,
    from: change.previous ? withMonthly(change.previous) : null,
    to: withMonthly(change.current),
    fields: change.fields,
    source: change.source,
    sourceExpenseId: change.sourceExpenseId,
  }));
  if (entries.some((e) => e.from === null)) return entries;
  const oldest = entries[entries.length - 1];
  const creator = row.createdBy ? await repo.findUserName(deps.db, row.createdBy) : null;
  entries.push({
    id: `initial-${row.id}`,
    effectiveDate: todayInTimeZone(row.createdAt),
    changedAt: row.createdAt,
    userId: creator ? row.createdBy : null,
    userName: creator ? displayName(creator) || null : null,
    from: null,
    to: oldest?.from ?? priceTerms(row),
    fields: [],
    source: row.importId ? 'import' : 'create',
    sourceExpenseId: null,
  });
  return entries;
}

/** Audit events of the application, newest first; an imported one starts with its import. */
export async function activity(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await loadRow(deps, ctx.orgId, id);
  const rows = await repo.listActivity(deps.db, ctx.orgId, id);
  const events = rows.map(({ event, ...user }) => ({
    id: event.id,
    action: event.action,
    userId: event.userId,
    userName: event.userId ? displayName(user) || null : null,
    changes: event.changes ?? null,
    createdAt: event.createdAt,
  }));
  const imported = row.importId ? await repo.findImportEvent(deps.db, ctx.orgId, row.importId) : null;
  if (imported) {
    const { event, ...user } = imported;
    events.push({
      id: event.id,
      action: 'subscription.import',
      userId: event.userId,
      userName: event.userId ? displayName(user) || null : null,
      changes: { name: row.name, importId: row.importId, ...event.changes },
      createdAt: event.createdAt,
    });
  }
  return events;
}
