// Contract changes that move an application's renewal: renewing a contract into its successor and
// letting the application's renewal date, auto-renew flag and notice period follow the live contract.

import { successorTerms } from '../../../common/contract-terms';
import type { Tx } from '../../db/client';
import { actingUserId, type ActingContext } from '../../lib/acting-context';
import { diffChanges, recordAudit } from '../../lib/audit';
import { type SubscriptionRow, findSubscription, updateSubscription } from '../subscriptions';
import * as repo from './contracts.repo';

/**
 * Makes the application follow its newest running contract: renewal date = the contract's end,
 * plus its auto-renew flag and notice period. Answers the changes (empty when nothing moved).
 */
export async function followLiveContract(
  tx: Tx,
  ctx: ActingContext,
  subscriptionId: string,
): Promise<{ before: SubscriptionRow; changes: Record<string, unknown>; renewalDate: string | null } | null> {
  const sub = await findSubscription(tx, ctx.orgId, subscriptionId);
  if (!sub) return null;
  const live = await repo.newestLiveContract(tx, ctx.orgId, subscriptionId);
  if (!live) return { before: sub, changes: {}, renewalDate: sub.nextRenewalDate };
  const next = {
    nextRenewalDate: live.endDate,
    autoRenew: live.autoRenew,
    noticePeriodDays: live.noticePeriodDays,
  };
  const changes = diffChanges(sub, next);
  if (Object.keys(changes).length > 0) {
    await updateSubscription(tx, ctx.orgId, subscriptionId, { ...next, updatedAt: ctx.now });
  }
  return { before: sub, changes, renewalDate: live.endDate };
}

/** Same as followLiveContract, recording the change in the application's activity. */
export async function followLiveContractAudited(
  tx: Tx,
  ctx: ActingContext,
  subscriptionId: string,
  contractId: string,
) {
  const result = await followLiveContract(tx, ctx, subscriptionId);
  if (result && Object.keys(result.changes).length > 0) {
    await recordAudit(tx, ctx, {
      action: 'subscription.update',
      entityType: 'subscription',
      entityId: subscriptionId,
      changes: { ...result.changes, source: { contractId } },
    });
  }
}

/** Creates the successor of a contract and marks the old one renewed. */
export async function renewContractRow(
  tx: Tx,
  ctx: ActingContext,
  old: repo.ContractRow,
  overrides: {
    title?: string;
    startDate?: string;
    endDate?: string;
    totalValueMinor?: number | null;
    notes?: string | null;
  } = {},
) {
  const terms = successorTerms(old, overrides);
  const successor = await repo.insertContract(tx, {
    organizationId: ctx.orgId,
    subscriptionId: old.subscriptionId,
    title: overrides.title ?? old.title,
    startDate: terms.startDate,
    endDate: terms.endDate,
    renewalTermMonths: old.renewalTermMonths,
    autoRenew: old.autoRenew,
    noticePeriodDays: old.noticePeriodDays,
    priceIncreaseCapBps: old.priceIncreaseCapBps,
    totalValueMinor:
      overrides.totalValueMinor !== undefined ? overrides.totalValueMinor : old.totalValueMinor,
    currency: old.currency,
    paymentTerms: old.paymentTerms,
    status: 'active',
    replacesContractId: old.id,
    notes: overrides.notes !== undefined ? overrides.notes : null,
    createdBy: actingUserId(ctx),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await repo.updateContract(tx, ctx.orgId, old.id, { status: 'renewed', updatedAt: ctx.now });
  await recordAudit(tx, ctx, {
    action: 'contract.renew',
    entityType: 'contract',
    entityId: old.id,
    changes: { status: { from: old.status, to: 'renewed' }, successorId: successor.id, ...terms },
  });
  return successor;
}
