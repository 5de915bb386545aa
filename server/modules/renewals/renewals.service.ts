import type { z } from 'zod';
import {
  RENEWAL_WINDOWS,
  type renewalListQuery,
  type RenewalItem,
  type updateDecisionBody,
} from '../../../common/contracts/renewals';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { allocatedPartMinor, type AllocationPart } from '../../../common/allocation';
import type { AllocationFilter } from '../../../common/contracts/entities';
import { isLiveStatus } from '../../../common/live-applications';
import { renewalWindow } from '../../../common/renewal-window';
import { notFound, AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { renewalShares, renewalsInWindow, type RenewalsInWindow } from './renewal-figures';
import { presentRenewal } from './renewal-view';
import { findSubscription } from '../subscriptions';
import * as repo from './renewals.repo';
import { settleRenewal, type SettleOutcome } from './settle';

export async function listRenewals(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.output<typeof renewalListQuery>,
) {
  const today = todayInTimeZone(deps.clock.now());
  const longest = Math.max(...RENEWAL_WINDOWS);
  const filter = { entityId: query.entityId, brandId: query.brandId };
  const rows = await repo.listRenewalRows(deps.db, ctx.orgId, {
    until: addDays(today, longest),
    ownerUserId: query.ownerUserId,
    autoRenewOnly: query.autoRenewOnly,
    ...filter,
  });
  const all = rows
    .map((row) => presentRenewal(row, today))
    .filter((item) => !query.status || item.status === query.status);
  // The list shows overdue renewals with the upcoming ones; the window's figures count upcoming only.
  const listed = (item: RenewalItem, days: number) => item.daysLeft < days;
  const shares = await renewalShares(deps.db, ctx.orgId, all, filter);
  const org = { orgId: ctx.orgId, currency: ctx.org.currency, today };
  const totals = [];
  // One window after the other: each converts its amounts in one query.
  for (const window of RENEWAL_WINDOWS) {
    const figures = await renewalsInWindow(deps.db, org, all, renewalWindow(today, window), filter, shares);
    totals.push(windowTotals(window, figures));
  }
  // Cut by entity/brand, each row shows its allocated part, as the totals count it.
  const items = all
    .filter((item) => listed(item, query.window))
    .map((item) => (shares ? partOfRenewal(item, shares.get(item.subscriptionId) ?? [], filter) : item));
  return { today, window: query.window, items, totals };
}

function partOfRenewal(
  item: RenewalItem,
  itemShares: AllocationPart[],
  filter: AllocationFilter,
): RenewalItem {
  return {
    ...item,
    costPerCycleMinor: allocatedPartMinor(item.costPerCycleMinor, itemShares, filter),
    annualCostMinor: allocatedPartMinor(item.annualCostMinor, itemShares, filter),
  };
}

function windowTotals(window: number, figures: RenewalsInWindow) {
  return {
    window,
    count: figures.count,
    amounts: figures.amounts,
    currency: figures.currency,
    dueMinor: figures.dueMinor,
    annualCostMinor: figures.annualCostMinor,
    unconverted: figures.unconverted,
  };
}

/**
 * The renewals from `from` to `to` (a report's period, the executive summary's next 90 days) with
 * their figures: the same function the Renewals page's totals use, so the two always agree.
 */
export async function renewalsDueBetween(
  deps: ServiceDeps,
  ctx: RequestContext,
  range: { from: string; to: string },
  filter: AllocationFilter = {},
): Promise<RenewalsInWindow & { today: string }> {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.listRenewalRows(deps.db, ctx.orgId, { until: range.to, ...filter });
  const items = rows.map((row) => presentRenewal(row, today));
  const shares = await renewalShares(deps.db, ctx.orgId, items, filter);
  const org = { orgId: ctx.orgId, currency: ctx.org.currency, today };
  return { today, ...(await renewalsInWindow(deps.db, org, items, range, filter, shares)) };
}

/** The renewals in the next `days` days (today included), as the Renewals page's tile counts them. */
export async function renewalsInNextDays(
  deps: ServiceDeps,
  ctx: RequestContext,
  days: number,
  filter: AllocationFilter = {},
) {
  const today = todayInTimeZone(deps.clock.now());
  return renewalsDueBetween(deps, ctx, renewalWindow(today, days), filter);
}

/** One application's current renewal as the list shows it, or null when it no longer renews. */
export async function getRenewal(deps: ServiceDeps, orgId: string, subscriptionId: string) {
  const [row] = await repo.listRenewalRows(deps.db, orgId, { subscriptionId });
  return row ? presentRenewal(row, todayInTimeZone(deps.clock.now())) : null;
}

/**
 * Records the decision for the application's current renewal date. When that date already passed,
 * the decision takes effect at once: cancel cancels the application, renew rolls it forward.
 */
export async function decideRenewal(
  deps: ServiceDeps,
  ctx: RequestContext,
  subscriptionId: string,
  input: z.output<typeof updateDecisionBody>,
): Promise<{ outcome: 'saved' | SettleOutcome; renewal: RenewalItem | null }> {
  const today = todayInTimeZone(deps.clock.now());
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const sub = await findSubscription(tx, ctx.orgId, subscriptionId);
    if (!sub) throw notFound('Application');
    if (!isLiveStatus(sub.status)) {
      throw new AppError('conflict', `This application is ${sub.status}; it does not renew.`);
    }
    if (!sub.nextRenewalDate) {
      throw new AppError('bad_request', 'This application has no renewal date; set one first.');
    }
    const existing = await repo.findDecision(tx, ctx.orgId, sub.id, sub.nextRenewalDate);
    const chosen = input.status === 'renew' || input.status === 'renegotiate' || input.status === 'cancel';
    await repo.upsertDecision(tx, {
      organizationId: ctx.orgId,
      subscriptionId: sub.id,
      renewalDate: sub.nextRenewalDate,
      status: input.status,
      resolution: chosen
        ? (input.status as 'renew' | 'renegotiate' | 'cancel')
        : input.status === 'done'
          ? (existing?.resolution ?? null)
          : null,
      notes: input.notes !== undefined ? input.notes || null : (existing?.notes ?? null),
      decidedBy: ctx.userId,
      now,
    });
    await recordAudit(tx, ctx, {
      action: 'renewal.decide',
      entityType: 'subscription',
      entityId: sub.id,
      changes: {
        renewalDate: sub.nextRenewalDate,
        status: { from: existing?.status ?? 'upcoming', to: input.status },
        ...(input.notes !== undefined && input.notes !== existing?.notes
          ? { notes: { to: input.notes } }
          : {}),
      },
    });
    if (sub.nextRenewalDate >= today) return 'saved' as const;
    return settleRenewal(tx, { ...ctx, now }, sub.id, today);
  });
  return { outcome, renewal: await getRenewal(deps, ctx.orgId, subscriptionId) };
}

export async function decisionHistory(deps: ServiceDeps, ctx: RequestContext, subscriptionId: string) {
  const sub = await findSubscription(deps.db, ctx.orgId, subscriptionId);
  if (!sub) throw notFound('Application');
  const rows = await repo.listDecisionHistory(deps.db, ctx.orgId, subscriptionId);
  return rows.map((r) => ({
    renewalDate: r.renewalDate,
    status: r.status,
    notes: r.notes,
    decidedByName: r.decidedByName,
    settled: r.settledAt !== null,
  }));
}
