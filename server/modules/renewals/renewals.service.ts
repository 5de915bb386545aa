import type { z } from 'zod';
import {
  RENEWAL_WINDOWS,
  type renewalListQuery,
  type RenewalItem,
  type updateDecisionBody,
} from '../../../common/contracts/renewals';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { dueInWindowMinor, isRenewingWithin, type ChargingApplication } from '../../../common/renewal-window';
import type { BillingCycle } from '../../../common/billing';
import { notFound, AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../audit';
import { presentRenewal } from './renewal-view';
import { findSubscription } from '../subscriptions';
import * as repo from './renewals.repo';
import { settleRenewal, type SettleOutcome } from './settle';

const chargingOf = (item: RenewalItem): ChargingApplication => ({
  nextRenewalDate: item.renewalDate,
  billingCycle: item.billingCycle as BillingCycle,
  intervalMonths: item.intervalMonths,
  startDate: item.startDate,
  costPerCycleMinor: item.costPerCycleMinor,
});

export async function listRenewals(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: z.output<typeof renewalListQuery>,
) {
  const today = todayInTimeZone(deps.clock.now());
  const longest = Math.max(...RENEWAL_WINDOWS);
  const rows = await repo.listRenewalRows(deps.db, ctx.orgId, {
    until: addDays(today, longest),
    ownerUserId: query.ownerUserId,
    autoRenewOnly: query.autoRenewOnly,
    entityId: query.entityId,
    brandId: query.brandId,
  });
  const all = rows
    .map((row) => presentRenewal(row, today))
    .filter((item) => !query.status || item.status === query.status);
  // The list shows overdue renewals with the upcoming ones; the window's figures count upcoming only.
  const listed = (item: RenewalItem, days: number) => item.daysLeft < days;
  const totals = RENEWAL_WINDOWS.map((window) => {
    const inWindow = all.filter((item) => isRenewingWithin(item.renewalDate, today, window));
    const byCurrency = new Map<string, { dueMinor: number; annualCostMinor: number }>();
    for (const item of inWindow) {
      const sums = byCurrency.get(item.currency) ?? { dueMinor: 0, annualCostMinor: 0 };
      sums.dueMinor += dueInWindowMinor(chargingOf(item), today, window);
      sums.annualCostMinor += item.annualCostMinor;
      byCurrency.set(item.currency, sums);
    }
    return {
      window,
      count: inWindow.length,
      amounts: [...byCurrency].map(([currency, sums]) => ({ currency, ...sums })),
    };
  });
  return { today, window: query.window, items: all.filter((item) => listed(item, query.window)), totals };
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
    if (!(repo.RENEWING_STATUSES as readonly string[]).includes(sub.status)) {
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
    await recordAudit(tx, {
      orgId: ctx.orgId,
      userId: ctx.userId,
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
    return settleRenewal(tx, { orgId: ctx.orgId, userId: ctx.userId, now }, sub.id, today);
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
